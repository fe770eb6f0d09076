// What a stored file really is, judged by its bytes (magic numbers, the zip listing, the OLE directory), never
// by the name the client sent. Reads a bounded head and, for containers, only their directories.
import type { FileHandle } from 'node:fs/promises';
import { entryBaseName, entryExtensions, readAt, readZipListing, type ZipProblem } from './archive.js';

/** The content kinds the uploads accept (every DOCUMENT_EXTENSIONS entry belongs to exactly one; the videos only
 * the portal media library takes). */
export type FileKind =
  | 'pdf'
  | 'doc'
  | 'xls'
  | 'ppt'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'zip'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'bmp'
  | 'webp'
  | 'tiff'
  | 'txt'
  | 'mp4'
  | 'webm';

type KindInfo = { label: string; extensions: readonly string[]; mime: string };

export const KINDS = {
  pdf: { label: 'pdf', extensions: ['pdf'], mime: 'application/pdf' },
  doc: { label: 'doc', extensions: ['doc'], mime: 'application/msword' },
  xls: { label: 'xls', extensions: ['xls'], mime: 'application/vnd.ms-excel' },
  ppt: { label: 'ppt', extensions: ['ppt'], mime: 'application/vnd.ms-powerpoint' },
  docx: { label: 'docx', extensions: ['docx'], mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { label: 'xlsx', extensions: ['xlsx'], mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { label: 'pptx', extensions: ['pptx'], mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  zip: { label: 'zip', extensions: ['zip'], mime: 'application/zip' },
  png: { label: 'png', extensions: ['png'], mime: 'image/png' },
  jpeg: { label: 'jpg', extensions: ['jpg', 'jpeg'], mime: 'image/jpeg' },
  gif: { label: 'gif', extensions: ['gif'], mime: 'image/gif' },
  bmp: { label: 'bmp', extensions: ['bmp'], mime: 'image/bmp' },
  webp: { label: 'webp', extensions: ['webp'], mime: 'image/webp' },
  tiff: { label: 'tiff', extensions: ['tif', 'tiff'], mime: 'image/tiff' },
  txt: { label: 'txt', extensions: ['txt', 'csv'], mime: 'text/plain; charset=utf-8' },
  mp4: { label: 'mp4', extensions: ['mp4'], mime: 'video/mp4' },
  webm: { label: 'webm', extensions: ['webm'], mime: 'video/webm' },
} as const satisfies Record<FileKind, KindInfo>;

export type Sniffed =
  | { type: 'file'; kind: FileKind; mime: string }
  /** Programs and scripts: PE, ELF, Mach-O, Java class, WebAssembly, shortcuts, #! scripts. */
  | { type: 'executable'; label: string }
  /** Content a browser would render as a page (HTML, SVG, XHTML). */
  | { type: 'web'; label: string }
  /** A zip (or OOXML) that carries a program or script: `entry` names it (safe to show). */
  | { type: 'archive-executable'; label: string; entry: string }
  /** A zip whose listing cannot be trusted: unreadable, hidden names, or copies that disagree. */
  | { type: 'archive-invalid'; label: string; problem: ZipProblem }
  /**
   * An archive whose listing is not read (RAR, 7z): no maintained pure-JavaScript reader exists, and the 7z
   * listing is itself usually LZMA-compressed, so its names cannot be checked.
   */
  | { type: 'archive-uninspectable'; label: 'rar' | '7z' }
  | { type: 'unknown' };

/** Name extensions refused whatever the content (inside zips too). */
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  'exe',
  'dll',
  'com',
  'scr',
  'pif',
  'cpl',
  'msi',
  'msp',
  'msc',
  'sys',
  'drv',
  'ocx',
  'lnk',
  'reg',
  'inf',
  'gadget',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'psd1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'mjs',
  'wsf',
  'wsh',
  'hta',
  'jar',
  'class',
  'apk',
  'app',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'run',
  'sh',
  'bash',
  'zsh',
  'csh',
  'ksh',
  'py',
  'pyc',
  'pl',
  'php',
  'rb',
  'elf',
  'so',
  'wasm',
]);
/** Name extensions of pages a browser renders. */
export const WEB_EXTENSIONS: ReadonlySet<string> = new Set([
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'svgz',
  'mht',
  'mhtml',
  'xml',
  'xsl',
  'xslt',
]);

const HEAD_BYTES = 64 * 1024;
/** OLE directories above this are not read (the file counts as unknown). */
const MAX_OLE_DIRECTORY_SECTORS = 512;

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0): boolean =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** Sniffs the file open in `fh` (of `size` bytes, at least one). */
export async function sniffFile(fh: FileHandle, size: number): Promise<Sniffed> {
  const head = await readAt(fh, 0, Math.min(size, HEAD_BYTES));

  const executable = executableLabel(head);
  if (executable) return { type: 'executable', label: executable };

  if (startsWith(head, ascii('%PDF-'))) return file('pdf');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return file('png');
  if (startsWith(head, [0xff, 0xd8, 0xff])) return file('jpeg');
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return file('gif');
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return file('webp');
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return file('tiff');
  if (isBmp(head)) return file('bmp');
  if (isMp4(head)) return file('mp4');
  if (isWebm(head)) return file('webm');
  if (startsWith(head, ascii('Rar!\x1a\x07'))) return { type: 'archive-uninspectable', label: 'rar' };
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return { type: 'archive-uninspectable', label: '7z' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return sniffZip(fh, size);
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return sniffCompoundFile(fh, head);

  const encoding = textEncoding(head, size > head.length);
  if (encoding) {
    const web = webLabel(new TextDecoder(encoding).decode(head));
    if (web) return { type: 'web', label: web };
    return { type: 'file', kind: 'txt', mime: `text/plain; charset=${encoding}` };
  }
  return { type: 'unknown' };
}

const file = (kind: FileKind): Sniffed => ({ type: 'file', kind, mime: KINDS[kind].mime });

function executableLabel(head: Buffer): string | undefined {
  if (startsWith(head, ascii('MZ'))) return 'exe';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'elf';
  for (const magic of [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
  ]) {
    if (startsWith(head, magic)) return 'macho';
  }
  if (startsWith(head, [0xca, 0xfe, 0xba, 0xbe])) return 'class';
  if (startsWith(head, [0x00, 0x61, 0x73, 0x6d])) return 'wasm';
  if (startsWith(head, [0x4c, 0x00, 0x00, 0x00, 0x01, 0x14, 0x02, 0x00])) return 'lnk';
  // #! after an optional UTF-8 BOM.
  const at = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  if (startsWith(head, ascii('#!'), at)) return 'sh';
  return undefined;
}

function isBmp(head: Buffer): boolean {
  if (head.length < 18 || !startsWith(head, ascii('BM'))) return false;
  const reservedZero = head.readUInt32LE(6) === 0;
  const dibHeader = head.readUInt32LE(14);
  return reservedZero && [12, 40, 52, 56, 64, 108, 124].includes(dibHeader);
}

/** An ISO base-media file whose major brand is an MP4 video's (HEIF/AVIF images and QuickTime share the box
 * layout but not the brand). */
function isMp4(head: Buffer): boolean {
  if (head.length < 12 || !startsWith(head, ascii('ftyp'), 4)) return false;
  const brand = head.toString('latin1', 8, 12);
  return /^(?:isom|iso[2-9]|mp41|mp42|mp71|avc1|dash|M4V |M4VH|M4VP)$/.test(brand);
}

/** An EBML (Matroska) file whose DocType element (0x4282) says webm. */
function isWebm(head: Buffer): boolean {
  if (!startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  const header = head.subarray(0, 64);
  const at = header.indexOf(Buffer.from([0x42, 0x82]));
  return at >= 0 && header.indexOf(Buffer.from('webm', 'latin1'), at) === at + 3;
}

/**
 * The encoding of text content, or undefined for binary: no control characters besides tab, line breaks, form
 * feed and escape, and valid UTF-8 (or GB18030, what Chinese Excel writes CSV in). A multi-byte character cut by
 * the end of the head is not held against it.
 */
function textEncoding(head: Buffer, truncated: boolean): 'utf-8' | 'gb18030' | undefined {
  for (const b of head) {
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) || b === 0x7f) return undefined;
  }
  for (const encoding of ['utf-8', 'gb18030'] as const) {
    try {
      new TextDecoder(encoding, { fatal: true }).decode(head, { stream: truncated });
      return encoding;
    } catch {
      // not this encoding (or no ICU support for it): try the next
    }
  }
  return undefined;
}

/** Markup a browser would render: the WHATWG HTML sniffing tags first, and a script anywhere in the head. */
function webLabel(text: string): string | undefined {
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  if (/^<svg[\s>]/.test(start)) return 'svg';
  if (/^<(!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[\s>]/.test(start)) return 'html';
  if (start.startsWith('<?xml')) {
    const lower = text.toLowerCase();
    if (lower.includes('<svg')) return 'svg';
    if (lower.includes('<html') || lower.includes('xhtml')) return 'html';
  }
  if (/<script[\s>]/i.test(text)) return 'html';
  return undefined;
}

async function sniffZip(fh: FileHandle, size: number): Promise<Sniffed> {
  const listing = await readZipListing(fh, size);
  if ('problem' in listing) return { type: 'archive-invalid', label: 'zip', problem: listing };
  for (const entry of listing.entries) {
    for (const name of entry.names) {
      const ext = entryExtensions(name).find((e) => EXECUTABLE_EXTENSIONS.has(e));
      if (ext !== undefined) return { type: 'archive-executable', label: ext, entry: entry.name };
      if (entryBaseName(name) === 'vbaproject.bin') return { type: 'archive-executable', label: 'vba', entry: entry.name };
    }
  }
  const names = listing.entries.map((e) => e.name);
  if (names.includes('[Content_Types].xml')) {
    if (names.some((n) => n.startsWith('word/'))) return file('docx');
    if (names.some((n) => n.startsWith('xl/'))) return file('xlsx');
    if (names.some((n) => n.startsWith('ppt/'))) return file('pptx');
  }
  return file('zip');
}

const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;

/** An OLE compound file (legacy Office): which document it is, by the streams its directory names. */
async function sniffCompoundFile(fh: FileHandle, header: Buffer): Promise<Sniffed> {
  if (header.length < 512) return { type: 'unknown' };
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return { type: 'unknown' };
  const sectorSize = 1 << shift;
  const sectorAt = (n: number) => (n + 1) * sectorSize;
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = header.readUInt32LE(0x4c + i * 4);
    if (s === FREESECT || s === ENDOFCHAIN) break;
    fatSectors.push(s);
  }
  const fatCache = new Map<number, Buffer>();
  const next = async (sector: number): Promise<number | undefined> => {
    const perSector = sectorSize / 4;
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined) return undefined;
    let fat = fatCache.get(fatSector);
    if (!fat) {
      fat = await readAt(fh, sectorAt(fatSector), sectorSize);
      if (fat.length < sectorSize) return undefined;
      fatCache.set(fatSector, fat);
    }
    return fat.readUInt32LE((sector % perSector) * 4);
  };

  const streams = new Set<string>();
  let sector: number | undefined = header.readUInt32LE(0x30);
  for (let read = 0; sector !== undefined && sector !== ENDOFCHAIN && read < MAX_OLE_DIRECTORY_SECTORS; read++) {
    const dir = await readAt(fh, sectorAt(sector), sectorSize);
    if (dir.length < sectorSize) break;
    for (let at = 0; at + 128 <= dir.length; at += 128) {
      const nameBytes = dir.readUInt16LE(at + 0x40);
      if (nameBytes < 2 || nameBytes > 64) continue;
      streams.add(dir.toString('utf16le', at, at + nameBytes - 2));
    }
    sector = await next(sector);
  }
  if (streams.has('WordDocument')) return file('doc');
  if (streams.has('Workbook') || streams.has('Book')) return file('xls');
  if (streams.has('PowerPoint Document')) return file('ppt');
  return { type: 'unknown' };
}
