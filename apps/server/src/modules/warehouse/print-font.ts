// The CJK font of printed documents. Looked for, in order: PDF_FONT_PATH (with PDF_FONT_FAMILY for a .ttc), the
// npm package @fontsource/noto-sans-sc (its chinese-simplified WOFF, converted once to a plain OpenType font),
// then the system's Noto Sans CJK / WenQuanYi fonts (Debian: fonts-noto-cjk, fonts-wqy-microhei). Loaded once and
// kept in memory; a missing font is a clear error naming what to install.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

export type PrintFont = { source: string; data: Buffer; family: string | undefined };

export class PrintFontMissingError extends Error {
  constructor(tried: string[]) {
    super(
      'No CJK font for printed documents. Install the npm package @fontsource/noto-sans-sc ' +
        '(npm install @fontsource/noto-sans-sc -w @tfb/server) or the Debian package fonts-noto-cjk ' +
        `(apt-get install fonts-noto-cjk), or set PDF_FONT_PATH. Tried: ${tried.join(', ')}`,
    );
    this.name = 'PrintFontMissingError';
  }
}

const NPM_FONT = '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff';

const SYSTEM_FONTS: { path: string; family?: string }[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
];

/**
 * WOFF 1.0 → the OpenType font it wraps (tables inflated, directory rebuilt). fontkit reads WOFF directly but
 * re-inflates tables on every use, which makes a document take seconds; the plain font takes milliseconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: string; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const tag = woff.toString('latin1', e, e + 4);
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const checksum = woff.readUInt32BE(e + 16);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? zlib.inflateSync(raw) : Buffer.from(raw);
    if (data.length !== origLength) throw new Error(`WOFF table ${tag} has the wrong length`);
    tables.push({ tag, checksum, data });
  }
  tables.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const headerSize = 12 + numTables * 16;
  const size = tables.reduce((n, t) => n + Math.ceil(t.data.length / 4) * 4, headerSize);
  const out = Buffer.alloc(size);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    out.write(t.tag, r, 4, 'latin1');
    out.writeUInt32BE(t.checksum, r + 4);
    out.writeUInt32BE(offset, r + 8);
    out.writeUInt32BE(t.data.length, r + 12);
    t.data.copy(out, offset);
    offset += Math.ceil(t.data.length / 4) * 4;
  });
  return out;
}

let cached: PrintFont | undefined;

/** The print font, loaded on first use. Throws PrintFontMissingError when none is installed. */
export function loadPrintFont(env: NodeJS.ProcessEnv = process.env): PrintFont {
  if (cached) return cached;
  const tried: string[] = [];
  const custom = env.PDF_FONT_PATH;
  if (custom) {
    tried.push(custom);
    if (fs.existsSync(custom)) {
      const data = fs.readFileSync(custom);
      return (cached = {
        source: custom,
        data: custom.endsWith('.woff') ? woffToSfnt(data) : data,
        family: env.PDF_FONT_FAMILY || undefined,
      });
    }
  }
  tried.push(`npm ${NPM_FONT}`);
  try {
    const file = createRequire(import.meta.url).resolve(NPM_FONT);
    return (cached = { source: file, data: woffToSfnt(fs.readFileSync(file)), family: undefined });
  } catch {
    // not installed: try the system fonts
  }
  for (const f of SYSTEM_FONTS) {
    tried.push(f.path);
    if (fs.existsSync(f.path)) return (cached = { source: f.path, data: fs.readFileSync(f.path), family: f.family });
  }
  throw new PrintFontMissingError(tried);
}

/** For tests: forget the loaded font. */
export function resetPrintFont(): void {
  cached = undefined;
}
