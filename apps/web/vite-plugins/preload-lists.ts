// A lazy page's import carries the list of chunks to preload with it (Vite's `__vite__mapDeps`). Those lists name
// every chunk the page needs, the first load's own chunks included (React, antd's core, zod, the API client…),
// which are always in the page already: preloading them again does nothing. With some seventy lazy pages the
// lists had become a large part of the route table's chunk, itself part of the first load. This drops, once the
// bundle is written, the first load's JavaScript chunks from every list; stylesheets stay, as Vite's preload
// helper also inserts them.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type OutputChunk = { type: 'chunk'; fileName: string; code: string; isEntry: boolean; imports: string[] };
type OutputAsset = { type: 'asset'; fileName: string };
type Bundle = Record<string, OutputChunk | OutputAsset>;

const MAP_DEPS = /const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);/;
const CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/** The entry chunks and everything they import statically: what the first load holds. */
export function firstLoadChunks(bundle: Bundle): Set<string> {
  const chunks = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return seen;
}

/** `code` with the first load's chunks taken out of its preload lists (unchanged when it has none). */
export function trimPreloadLists(code: string, firstLoad: ReadonlySet<string>, base = 'assets/'): string {
  const header = MAP_DEPS.exec(code);
  if (!header) return code;
  const files = JSON.parse(header[1]!) as string[];
  const kept: string[] = [];
  const newIndex = new Map<number, number>();
  files.forEach((file, i) => {
    const fileName = file.startsWith(base) ? file : `${base}${file}`;
    if (firstLoad.has(fileName) || firstLoad.has(file)) return;
    newIndex.set(i, kept.length);
    kept.push(file);
  });
  if (kept.length === files.length) return code;
  const withHeader = code.replace(header[0], header[0].replace(header[1]!, JSON.stringify(kept)));
  return withHeader.replace(CALL, (_all, list: string) => {
    const indices = list
      .split(',')
      .filter(Boolean)
      .map(Number)
      .flatMap((i) => (newIndex.has(i) ? [newIndex.get(i)!] : []));
    return `__vite__mapDeps([${indices.join(',')}])`;
  });
}

export function trimFirstLoadPreloads(): Plugin {
  return {
    name: 'tfb:trim-first-load-preloads',
    apply: 'build',
    // Vite writes the lists in its own last step of generating the bundle, after every plugin's: the files are
    // trimmed once written.
    writeBundle(options, bundle) {
      const output = bundle as unknown as Bundle;
      const firstLoad = firstLoadChunks(output);
      for (const item of Object.values(output)) {
        if (item.type !== 'chunk') continue;
        const trimmed = trimPreloadLists(item.code, firstLoad);
        if (trimmed !== item.code) fs.writeFileSync(path.join(options.dir!, item.fileName), trimmed);
      }
    },
  };
}
