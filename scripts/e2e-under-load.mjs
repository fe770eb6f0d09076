// `npm run test:e2e:load`: the browser (e2e) suite under a CPU burner. stress-ng keeps every core busy
// (E2E_LOAD_CPUS workers, default 2: both cores of the CI machine) while the full suite runs E2E_LOAD_RUNS times in a
// row (default 5). Each run's result and duration is printed; the exit status is non-zero if any run failed. The
// burner is stopped in every case: after the runs, on a failure, on Ctrl-C.
// Needs the built product (npm run build), Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and stress-ng.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = positiveInt('E2E_LOAD_RUNS', 5);
const cpus = positiveInt('E2E_LOAD_CPUS', 2);
const browser = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} must be a whole number of at least 1 (got ${JSON.stringify(raw)}).`);
    process.exit(2);
  }
  return n;
}

if (spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).error) {
  console.error('stress-ng is not installed: the suite runs under its CPU burner. Install it: apt-get install -y stress-ng');
  process.exit(1);
}
if (!fs.existsSync(browser)) {
  console.error(`No browser at ${browser}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
  if (!fs.existsSync(path.join(root, built))) {
    console.error(`${built} is missing: build the product first (npm run build).`);
    process.exit(1);
  }
}

// The burner runs in a process group of its own: Ctrl-C in the terminal does not reach it, and stopping the group
// stops stress-ng and every worker it forked (and nothing else).
const burner = spawn('stress-ng', ['--cpu', String(cpus), '--quiet'], { stdio: 'ignore', detached: true });
let burnerStopped = false;
function stopBurner() {
  if (burnerStopped || burner.pid === undefined) return;
  burnerStopped = true;
  try {
    process.kill(-burner.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
burner.on('error', (e) => {
  console.error(`stress-ng did not start: ${e.message}`);
  process.exit(1);
});
burner.on('exit', (code, signal) => {
  if (!burnerStopped) {
    console.error(`stress-ng stopped on its own (${signal ?? `exit ${code}`}): the runs would not be under load.`);
    finish(1);
  }
});
process.on('exit', stopBurner);

let suite = null;
let finishing = false;
function finish(status) {
  if (finishing) return;
  finishing = true;
  stopBurner();
  if (suite && suite.exitCode === null) suite.kill('SIGTERM');
  process.exit(status);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the suite and the CPU burner.`);
    finish(130);
  });
}

function runSuite() {
  return new Promise((resolve) => {
    suite = spawn('npm', ['test', '-w', '@tfb/e2e'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CHROMIUM_PATH: browser },
    });
    suite.on('error', (e) => {
      console.error(`could not start the e2e suite: ${e.message}`);
      resolve(false);
    });
    suite.on('exit', (code) => resolve(code === 0));
  });
}

console.log(`CPU burner: stress-ng --cpu ${cpus} (pid ${burner.pid}); the e2e suite runs ${runs} time(s) in a row.`);
const results = [];
for (let i = 1; i <= runs; i += 1) {
  console.log(`\n=== e2e under load, run ${i}/${runs}`);
  const started = Date.now();
  const ok = await runSuite();
  const seconds = (Date.now() - started) / 1000;
  results.push({ ok, seconds });
  console.log(`=== run ${i}/${runs}: ${ok ? 'pass' : 'FAIL'} (${seconds.toFixed(1)} s)`);
}
stopBurner();

console.log('\n=== e2e under load: summary');
for (const [i, r] of results.entries()) console.log(`  run ${i + 1}: ${r.ok ? 'pass' : 'FAIL'} ${r.seconds.toFixed(1)} s`);
const failed = results.filter((r) => !r.ok).length;
console.log(failed === 0 ? `  all ${runs} run(s) passed` : `  ${failed} of ${runs} run(s) failed`);
finish(failed === 0 ? 0 : 1);
