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
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR', 'latin1'), crypto.randomBytes(64)]);
export const jpeg = (): Buffer => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(64)]);
export const gif = (): Buffer => Buffer.concat([Buffer.from('GIF89a', 'latin1'), crypto.randomBytes(64)]);
export const elf = (): Buffer => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), crypto.randomBytes(120)]);
export const exe = (): Buffer => Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), Buffer.from('PE\0\0', 'latin1'), crypto.randomBytes(64)]);
export const shellScript = (): Buffer => Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n');
export const html = (): Buffer => Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
export const text = (s = 'name,amount\n螺纹钢,100\n'): Buffer => Buffer.from(s);

/** A stored (uncompressed) zip with the given entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, body] of Object.entries(entries)) {
    const data = Buffer.from(body);
    const nameBuf = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    locals.push(local, nameBuf, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  eocd.writeUInt16LE(count, 8);
  eocd.writeUInt16LE(count, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

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
