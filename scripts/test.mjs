// `npm test`: typecheck, lint, formatting (Prettier), the generated database types (apps/server/src/db/types.ts must match the migrations),
// build, the web bundle's size budget (npm run size), then the server suite (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), the web suite and the browser (e2e) suite, then the scale test (three app processes
// behind nginx on PostgreSQL: scripts/scale/) when TEST_DATABASE_URL is set. Stops at the first failure.
// REQUIRE_BROWSER=1 / REQUIRE_POSTGRES=1 (set by CI) turn a missing browser or database into a failure; under CI
// (CI=true) a missing nginx or database for the scale test is a failure too.
// Under CI (CI=true) the browser suite runs once under a CPU burner (scripts/e2e-under-load.mjs, stress-ng on both
// cores), so a test that only holds on an idle machine fails here; E2E_UNDER_LOAD=1 / 0 turns that on / off anywhere.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findNginx } from './scale/cluster.mjs';

const browser = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const requireBrowser = process.env.REQUIRE_BROWSER === '1';
const requirePostgres = process.env.REQUIRE_POSTGRES === '1';
const requireScale = process.env.CI === 'true';
const nginx = findNginx();
const e2eUnderLoad = process.env.E2E_UNDER_LOAD ? process.env.E2E_UNDER_LOAD === '1' : process.env.CI === 'true';

const results = [];
function step(name, cmd, args, opts = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...(opts.env ?? {}) }, cwd: opts.cwd });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: r.status === 0, seconds });
  if (r.status !== 0) {
    summary();
    console.error(`\n${name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(1);
  }
}
function summary() {
  console.log('\n=== summary');
  for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
}

if (requirePostgres && !process.env.TEST_DATABASE_URL) {
  console.error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set.');
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.warn('\nNOTE: TEST_DATABASE_URL is not set: the server suite runs on PGlite only.');
}
if (requireScale && (!process.env.TEST_DATABASE_URL || !nginx)) {
  console.error(
    `CI=true but the scale test cannot run: ${!nginx ? 'nginx is not installed (apt-get install -y nginx-light)' : 'TEST_DATABASE_URL is not set'}.`,
  );
  process.exit(1);
}

step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npx', ['eslint', '.']);
step('format', 'npx', ['prettier', '--check', '.']);
step('docs', 'node', ['scripts/check-docs.mjs']);
step('database types', 'npm', ['run', 'db:types:check']);
step('build', 'npm', ['run', 'build']);
step('bundle size', 'node', ['scripts/size.mjs']);
step('server tests', 'npx', ['vitest', 'run'], { cwd: 'apps/server' });
step('web tests', 'npx', ['vitest', 'run'], { cwd: 'apps/web' });

if (fs.existsSync(browser) && e2eUnderLoad) {
  step('e2e tests under load', 'node', ['scripts/e2e-under-load.mjs'], { env: { CHROMIUM_PATH: browser, E2E_LOAD_RUNS: '1' } });
} else if (fs.existsSync(browser)) {
  step('e2e tests', 'npm', ['test', '-w', '@tfb/e2e'], { env: { CHROMIUM_PATH: browser } });
} else if (requireBrowser) {
  summary();
  console.error(`\nREQUIRE_BROWSER=1 but no browser at ${browser}. Install it: apt-get install -y chromium`);
  process.exit(1);
} else {
  console.warn(`\nWARNING: e2e tests SKIPPED: no browser at ${browser} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  results.push({ name: 'e2e tests SKIPPED (no browser)', ok: true, seconds: '0' });
}
if (process.env.TEST_DATABASE_URL && nginx) {
  step('scale test (3 processes behind nginx)', 'node', ['--test-reporter=spec', 'scripts/scale/scale.test.mjs']);
} else {
  const why = process.env.TEST_DATABASE_URL ? 'nginx is not installed (apt-get install -y nginx-light)' : 'TEST_DATABASE_URL is not set';
  console.warn(`\nWARNING: scale test SKIPPED: ${why}.`);
  results.push({ name: 'scale test SKIPPED', ok: true, seconds: '0' });
}
summary();
