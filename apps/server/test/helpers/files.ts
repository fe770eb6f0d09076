// Sample files made in memory (real magic numbers, a real zip, a real OLE compound file) and a multipart
// body builder for app.inject.
import crypto from 'node:crypto';
import zlib from 'node:zlib';

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tfb${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pdf = (size = 400): Buffer => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
};

export const png = (): Buffer =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000dIHDR', 'latin1'),
    crypto.randomBytes(64),
  ]);
export const jpeg = (): Buffer => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(64)]);
export const gif = (): Buffer => Buffer.concat([Buffer.from('GIF89a', 'latin1'), crypto.randomBytes(64)]);
export const elf = (): Buffer => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), crypto.randomBytes(120)]);
export const exe = (): Buffer =>
  Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), Buffer.from('PE\0\0', 'latin1'), crypto.randomBytes(64)]);
export const shellScript = (): Buffer => Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n');
export const html = (): Buffer => Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
export const text = (s = 'name,amount\n螺纹钢,100\n'): Buffer => Buffer.from(s);

/**
 * One entry of a hand-built zip. Everything the central directory says can be made to differ from the local
 * header, the way a crafted archive would.
 */
export type ZipEntrySpec = {
  name: string | Buffer;
  body?: string | Buffer;
  /** The local header's name when it differs from the central directory's. */
  localName?: string | Buffer;
  /** General purpose flags (both headers unless localFlags is given). */
  flags?: number;
  localFlags?: number;
  method?: number;
  localMethod?: number;
  /** The local header's uncompressed size when it differs. */
  localSize?: number;
  /** Extra fields (id and data) of the central directory record, e.g. an Info-ZIP Unicode path. */
  centralExtra?: { id: number; data: Buffer }[];
  /** Write a data descriptor after the data (sets flag bit 3 and zeroes the local CRC and sizes). */
  descriptor?: boolean;
};

const extraField = (extras: { id: number; data: Buffer }[] = []): Buffer =>
  Buffer.concat(
    extras.map((e) => {
      const head = Buffer.alloc(4);
      head.writeUInt16LE(e.id, 0);
      head.writeUInt16LE(e.data.length, 2);
      return Buffer.concat([head, e.data]);
    }),
  );

/** An Info-ZIP Unicode path extra field (0x7075) naming the entry `name`. */
export const unicodePathExtra = (rawName: string, name: string): { id: number; data: Buffer } => {
  const head = Buffer.alloc(5);
  head[0] = 1;
  head.writeUInt32LE(zlib.crc32(Buffer.from(rawName)), 1);
  return { id: 0x7075, data: Buffer.concat([head, Buffer.from(name, 'utf8')]) };
};

/**
 * A stored (uncompressed) zip built byte by byte. `between` is inserted after the entries (before the central
 * directory), `comment` is the archive comment.
 */
export function zipOf(entries: ZipEntrySpec[], options: { between?: Buffer; comment?: Buffer } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.isBuffer(e.body) ? e.body : Buffer.from(e.body ?? 'content');
    const nameBuf = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name);
    const localNameBuf = e.localName === undefined ? nameBuf : Buffer.isBuffer(e.localName) ? e.localName : Buffer.from(e.localName);
    const flags = (e.flags ?? 0) | (e.descriptor ? 0x0008 : 0);
    const localFlags = (e.localFlags ?? e.flags ?? 0) | (e.descriptor ? 0x0008 : 0);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(localFlags, 6);
    local.writeUInt16LE(e.localMethod ?? e.method ?? 0, 8);
    if (!e.descriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(e.localSize ?? data.length, 22);
    }
    local.writeUInt16LE(localNameBuf.length, 26);
    const parts = [local, localNameBuf, data];
    if (e.descriptor) {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(crc, 4);
      d.writeUInt32LE(data.length, 8);
      d.writeUInt32LE(data.length, 12);
      parts.push(d);
    }
    locals.push(...parts);
    const extra = extraField(e.centralExtra);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(e.method ?? 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBuf, extra);
    offset += parts.reduce((n, b) => n + b.length, 0);
  }
  const between = options.between ?? Buffer.alloc(0);
  const comment = options.comment ?? Buffer.alloc(0);
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset + between.length, 16);
  eocd.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...locals, between, cd, eocd, comment]);
}

/** A stored (uncompressed) zip with the given entries. */
export const zip = (entries: Record<string, string>): Buffer => zipOf(Object.entries(entries).map(([name, body]) => ({ name, body })));

/** The start of a RAR 5 archive (signature and main header); its listing is never read. */
export const rar = (): Buffer => Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), crypto.randomBytes(64)]);
/** The start of a 7z archive (signature header). */
export const sevenZip = (): Buffer =>
  Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04]), crypto.randomBytes(64)]);

export const docx = (): Buffer =>
  zip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'word/document.xml': `<?xml version="1.0"?><w:document>${crypto.randomBytes(8).toString('hex')}</w:document>`,
  });
export const xlsx = (): Buffer => zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
export const zipWithExe = (): Buffer => zip({ 'readme.txt': 'hello', 'setup.exe': 'MZ....' });

/** A minimal OLE compound file whose directory names `stream` (WordDocument → .doc, Workbook → .xls). */
export function compoundFile(stream = 'WordDocument'): Buffer {
  const sector = 512;
  const header = Buffer.alloc(sector);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(0, 0x30); // directory starts at sector 0
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 1 : 0xffffffff, 0x4c + i * 4);
  const dir = Buffer.alloc(sector);
  const entry = (index: number, name: string, type: number) => {
    const at = index * 128;
    dir.write(name, at, 'utf16le');
    dir.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    dir[at + 0x42] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, stream, 2);
  const fat = Buffer.alloc(sector, 0xff);
  fat.writeUInt32LE(0xfffffffe, 0); // directory: end of chain
  fat.writeUInt32LE(0xfffffffd, 4); // the FAT sector itself
  return Buffer.concat([header, dir, fat, crypto.randomBytes(64)]);
}
