import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../vite-plugins/precompress';

describe('the build’s compressed copies', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('writes a brotli and a gzip copy of each larger script, stylesheet and SVG that decode to the file, and nothing else', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-precompress-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.mkdirSync(path.join(dir, '.vite'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `行 ${i}` })))};\n`;
    const style = `.a { color: red; }\n`.repeat(200);
    const files: Record<string, string> = {
      'assets/page.js': script,
      'assets/page.css': style,
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`,
      // Too small to gain, the page itself (its nonce is filled in per request) and the build's manifest.
      'assets/tiny.js': 'export {};\n',
      'index.html': `<!doctype html>${'<p>x</p>'.repeat(300)}`,
      '.vite/manifest.json': JSON.stringify({ pad: 'x'.repeat(4000) }),
    };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);

    expect(await precompressDir(dir)).toBe(3);
    for (const name of ['assets/page.js', 'assets/page.css', 'favicon.svg']) {
      const file = path.join(dir, name);
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(files[name]);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(files[name]);
      expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(file).size);
    }
    for (const name of ['assets/tiny.js', 'index.html', '.vite/manifest.json']) {
      expect(fs.existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(fs.existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
