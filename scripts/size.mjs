// `npm run size`: the gzip weight of the built web app (run `npm run build` first). Prints the initial JavaScript —
// the entry script of dist/index.html and every module it preloads —, what the boot loads beside its first call (the
// shell's schemas and zod's core, before any page renders), and each lazily loaded page's own code (its chunk plus the
// chunks it imports that neither of those already holds), read from Vite's manifest.
// Fails when the initial JavaScript is over budget or holds a page's code (a lazily imported module).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Budget for the entry and its preloads, in kB of gzip: a ratchet just above what the shell weighs now (281.8 kB;
 * 295.1 kB while a top-level await in lib/i18n.ts kept the bundler from merging chunks, 334.0 kB before zod and the
 * shell's schemas moved to the boot's parallel load, 627 kB before the split). The goal is 300 kB; lower this as the
 * shell gets lighter, never raise it.
 */
const INITIAL_BUDGET_KB = 283;
const INITIAL_GOAL_KB = 300;
/**
 * Budget for what one page adds to the initial load and the boot's (its chunk and the chunks it alone needs), in kB
 * of gzip. 240 since the boot checks the shell's replies with zod's core alone (contract shell-replies.ts): classic
 * zod and the contract modules the boot used to bring (about 16 kB) now come with the pages that use them; it was 225.
 */
const ROUTE_BUDGET_KB = 240;
/**
 * Lazily loaded modules every start loads before the first render (lib/session-store.ts loadShellSchemas, which boot
 * awaits to read the session's replies): not in the initial JavaScript, as they load while the first call is on the
 * wire, but there before any page.
 */
const BOOT_MODULES = ['src/lib/shell-schemas.ts'];

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run npm run build first.`);
  process.exit(1);
}
/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const gzipCache = new Map();
const gz = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} kB`;

// What the page loads before any of the app's code runs: the entry and the modulepreload links.
const assetOf = (attr) => [...html.matchAll(new RegExp(`<(?:script|link)[^>]*\\b${attr}="/([^"]+\\.js)"`, 'g'))].map((m) => m[1]);
const initialFiles = new Set([...assetOf('src'), ...assetOf('href')]);
const initialCss = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)].map((m) => m[1]);
const initialBytes = [...initialFiles].reduce((sum, f) => sum + gz(f), 0);

const byKey = manifest;
const failures0 = [];
/** A chunk's file and every file it statically imports, transitively. */
function staticClosure(key, seen = new Set()) {
  const chunk = byKey[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}

// Chunk files are named by their hash alone (shorter import lists in every chunk); the manifest keeps their names.
const nameOf = new Map(Object.values(manifest).map((c) => [c.file, c.name ?? c.src ?? '']));
console.log('Initial JavaScript (entry + modulepreload), gzip:');
for (const f of [...initialFiles].sort((a, b) => gz(b) - gz(a))) console.log(`  ${kb(gz(f))}  ${f}  ${nameOf.get(f) ?? ''}`);
console.log(`  ${kb(initialBytes)}  total (budget ${INITIAL_BUDGET_KB} kB, goal ${INITIAL_GOAL_KB} kB)`);
for (const f of initialCss) console.log(`  ${kb(gz(f))}  ${f} (stylesheet, not counted)`);

// What the boot loads beside its first call.
const bootFiles = new Set();
for (const key of BOOT_MODULES) {
  if (!byKey[key]?.isDynamicEntry) failures0.push(`${key} is no longer a lazily loaded module of the build`);
  for (const f of staticClosure(key)) if (!initialFiles.has(f)) bootFiles.add(f);
}
const bootBytes = [...bootFiles].reduce((sum, f) => sum + gz(f), 0);
console.log(`\nLoaded by the boot beside its first call (${BOOT_MODULES.join(', ')}), gzip:`);
for (const f of [...bootFiles].sort((a, b) => gz(b) - gz(a))) console.log(`  ${kb(gz(f))}  ${f}  ${nameOf.get(f) ?? ''}`);
console.log(`  ${kb(bootBytes)}  total (initial and boot ${((initialBytes + bootBytes) / 1024).toFixed(1)} kB)`);

// Lazily loaded modules: each page loader of the route table (and any other dynamic import). What one adds is what
// is not yet loaded when it is asked for: not in the initial load or the boot's, nor in what every module importing
// it (a page importing the chart runtime, say) has already loaded itself.
const lazy = Object.entries(byKey).filter(([key, c]) => c.isDynamicEntry && !BOOT_MODULES.includes(key));
/** The files loaded whenever `key` is imported: the static closure of each of its importers, in common. */
function loadedBeforeImport(key) {
  const importers = Object.keys(byKey).filter((k) => byKey[k].dynamicImports?.includes(key));
  if (importers.length === 0) return new Set();
  const [first, ...rest] = importers.map((k) => staticClosure(k));
  return new Set([...first].filter((f) => rest.every((closure) => closure.has(f))));
}
const rows = lazy.map(([key, chunk]) => {
  const loaded = loadedBeforeImport(key);
  const own = [...staticClosure(key)].filter((f) => !initialFiles.has(f) && !bootFiles.has(f) && !loaded.has(f));
  return { name: chunk.src ?? key, chunk: gz(chunk.file), own: own.reduce((s, f) => s + gz(f), 0), files: own.length };
});
console.log(
  `\nLazily loaded modules, gzip: own chunk, and with what it adds to the initial load, the boot's and its importers' (files; budget ${ROUTE_BUDGET_KB} kB):`,
);
for (const r of rows.sort((a, b) => b.own - a.own))
  console.log(`  ${kb(r.chunk)} ${kb(r.own)} (${String(r.files).padStart(2)})  ${r.name}`);

const failures = failures0;
if (initialBytes / 1024 > INITIAL_BUDGET_KB)
  failures.push(`initial JavaScript ${(initialBytes / 1024).toFixed(1)} kB > ${INITIAL_BUDGET_KB} kB`);
for (const [key, chunk] of lazy) {
  if (initialFiles.has(chunk.file))
    failures.push(`${chunk.src ?? key} is lazily loaded but its chunk ${chunk.file} is in the initial load`);
}
for (const r of rows)
  if (r.own / 1024 > ROUTE_BUDGET_KB) failures.push(`${r.name} adds ${(r.own / 1024).toFixed(1)} kB > ${ROUTE_BUDGET_KB} kB`);
if (failures.length) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nWithin budget.');
