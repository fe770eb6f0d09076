import { describe, expect, it } from 'vitest';
import { firstLoadChunks, trimPreloadLists } from '../../../vite-plugins/preload-lists';

const chunk = (fileName: string, imports: string[], isEntry = false) => ({ type: 'chunk' as const, fileName, code: '', isEntry, imports });

describe('preload lists of lazy pages', () => {
  it('takes the entry and what it imports statically as the first load', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/react.js'], true),
      'assets/react.js': chunk('assets/react.js', ['assets/runtime.js']),
      'assets/runtime.js': chunk('assets/runtime.js', []),
      'assets/page.js': chunk('assets/page.js', ['assets/react.js', 'assets/table.js']),
      'assets/table.js': chunk('assets/table.js', []),
    };
    expect([...firstLoadChunks(bundle)].sort()).toEqual(['assets/index.js', 'assets/react.js', 'assets/runtime.js']);
  });

  it('drops the first load from every list and renumbers the calls, keeping stylesheets and the rest in order', () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/page.js","assets/react.js","assets/table.js","assets/page.css"])))=>i.map(i=>d[i]);\n' +
      'a(()=>import("./page.js"),__vite__mapDeps([0,1,2,3]));b(()=>import("./table.js"),__vite__mapDeps([2,1]));';
    const trimmed = trimPreloadLists(code, new Set(['assets/react.js', 'assets/index.js']));
    expect(trimmed).toContain('m.f=["assets/page.js","assets/table.js","assets/page.css"]');
    expect(trimmed).toContain('__vite__mapDeps([0,1,2])');
    expect(trimmed).toContain('__vite__mapDeps([1])');
  });

  it('leaves a chunk without lists, or with nothing to drop, as it is', () => {
    expect(trimPreloadLists('export const a = 1;', new Set(['assets/a.js']))).toBe('export const a = 1;');
    const code = 'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/x.js"])))=>i.map(i=>d[i]);__vite__mapDeps([0])';
    expect(trimPreloadLists(code, new Set(['assets/y.js']))).toBe(code);
  });
});
