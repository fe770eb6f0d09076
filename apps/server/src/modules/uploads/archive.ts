// What a zip really holds. Archivers disagree about which copy of an entry's name to trust (the central directory
// at the end, the local header before the data, the Unicode-path extra field), and Windows ignores trailing dots,
// spaces and alternate data streams in names, so an entry name is judged in every form a tool might show or
// create, and an archive whose copies disagree is refused instead of guessed at.
import type { FileHandle } from 'node:fs/promises';

/** Zip central directories above these are not read (the archive is refused as unreadable). */
const MAX_ZIP_DIRECTORY_BYTES = 16 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 100_000;

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_END64 = 0x06064b50;
const SIG_END64_LOCATOR = 0x07064b50;
const SIG_DESCRIPTOR = 0x08074b50;
const EXTRA_ZIP64 = 0x0001;
const EXTRA_UNICODE_PATH = 0x7075;

const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const FLAG_MASKED_HEADERS = 0x2000;
/** Flags that change how an entry is read or named: the two headers must agree on them. */
const FLAGS_COMPARED = FLAG_ENCRYPTED | FLAG_DESCRIPTOR | 0x0040 | FLAG_UTF8 | FLAG_MASKED_HEADERS;

export type ZipEntry = {
  /** The name as shown in messages (central directory, decoded). */
  name: string;
  /** Every reading of the name a tool might use: each decoding of the raw bytes and any Unicode-path name. */
  names: string[];
};

export type ZipProblem =
  | { problem: 'unreadable' }
  | { problem: 'too-large' }
  /** Central-directory encryption: the names are hidden, nothing can be checked. */
  | { problem: 'hidden-names' }
  /** The central directory and a local header (or the layout of the entries) disagree. */
  | { problem: 'inconsistent'; detail: string };

export type ZipListing = { entries: ZipEntry[] } | ZipProblem;

export async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(buf, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got === length ? buf : buf.subarray(0, got);
}

/**
 * Reads forward through a file in large blocks: the local headers lie one after another, and a read per header
 * would cost a system call (and a thread-pool round trip) per entry.
 */
class BlockReader {
  private start = 0;
  private block: Buffer = Buffer.alloc(0);

  constructor(
    private readonly fh: FileHandle,
    private readonly blockBytes = 256 * 1024,
  ) {}

  async read(position: number, length: number): Promise<Buffer> {
    if (position < this.start || position + length > this.start + this.block.length) {
      this.start = position;
      this.block = await readAt(this.fh, position, Math.max(length, this.blockBytes));
    }
    const from = position - this.start;
    return this.block.subarray(from, Math.min(from + length, this.block.length));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Entry names

/**
 * Characters that look like a full stop but are not U+002E, beyond what NFKC already folds (U+2024 ONE DOT LEADER,
 * U+FE52 SMALL FULL STOP, U+FF0E FULLWIDTH FULL STOP become '.'; U+FF61 becomes U+3002, U+0387 becomes U+00B7,
 * U+FF65 becomes U+30FB). A user reading `evil。exe` sees a program; the check must see one too.
 */
const DOT_LOOKALIKES =
  /[\u00b7\u0589\u06d4\u0701\u0702\u1362\u16eb\u2022\u2027\u2219\u22c5\u2e31\u2e33\u2e3c\u3002\u30fb\ua4f8\ua60e\ua78f\u{10a50}]/gu;
/** Control and format characters (zero-width spaces and joiners, bidirectional overrides): invisible to a reader. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * The extensions an entry name carries once normalised as a reader or Windows would take it: NFKC, invisible
 * characters dropped, dot look-alikes folded to '.', lower case; every path segment (either separator) with any
 * alternate data stream (`name::$DATA`, `name:stream`) cut and trailing dots and spaces stripped. A leading dot
 * counts (`.exe` is an .exe to Windows).
 */
export function entryExtensions(raw: string): string[] {
  const folded = raw.normalize('NFKC').replace(INVISIBLE, '').replace(DOT_LOOKALIKES, '.').toLowerCase();
  const extensions: string[] = [];
  for (const segment of folded.split(/[\\/]/)) {
    const base = segment.split(':')[0]!.replace(/[\s.]+$/u, '');
    const dot = base.lastIndexOf('.');
    if (dot >= 0) extensions.push(base.slice(dot + 1).trim());
  }
  return extensions;
}

/** The normalised last segment (for names such as vbaProject.bin that matter whatever their extension). */
export function entryBaseName(raw: string): string {
  const folded = raw.normalize('NFKC').replace(INVISIBLE, '').replace(DOT_LOOKALIKES, '.').toLowerCase();
  const segments = folded.split(/[\\/]/).map((s) => s.split(':')[0]!.replace(/[\s.]+$/u, ''));
  return segments.filter((s) => s !== '').at(-1) ?? '';
}

/** A name made safe to put in a message: visible characters only, at most 100 of them. */
export function displayName(raw: string): string {
  const visible = raw.replace(INVISIBLE, '');
  const chars = [...visible];
  return chars.length > 100 ? `${chars.slice(0, 100).join('')}…` : visible;
}

const decoders: { encoding: string; decoder: { decode(bytes: Uint8Array): string } }[] = [];
for (const encoding of ['utf-8', 'gb18030', 'latin1']) {
  try {
    decoders.push({ encoding, decoder: new TextDecoder(encoding, { fatal: true }) });
  } catch {
    // no ICU support for this encoding: the others still apply
  }
}

/**
 * The readings of raw name bytes: UTF-8 when the entry says so; otherwise every plausible legacy code page too
 * (Chinese Windows writes GBK names without the UTF-8 flag; `。` in GBK is what its users would see).
 */
function decodeName(bytes: Buffer, utf8Flag: boolean): string[] {
  // Plain ASCII reads the same in every one of them.
  if (utf8Flag || bytes.every((b) => b < 0x80)) return [bytes.toString('utf8')];
  const out = new Set<string>([bytes.toString('utf8')]);
  for (const { decoder } of decoders) {
    try {
      out.add(decoder.decode(bytes));
    } catch {
      // not valid in this encoding
    }
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------------------------
// Zip structure

type Extra = { id: number; data: Buffer };

function parseExtra(buf: Buffer): Extra[] | undefined {
  const out: Extra[] = [];
  let at = 0;
  while (at + 4 <= buf.length) {
    const id = buf.readUInt16LE(at);
    const length = buf.readUInt16LE(at + 2);
    if (at + 4 + length > buf.length) return undefined;
    out.push({ id, data: buf.subarray(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  // Some writers pad the extra field with a few zero bytes; anything else is a broken record.
  return buf.subarray(at).every((b) => b === 0) ? out : undefined;
}

/** The Info-ZIP Unicode path (0x7075): version 1, CRC of the raw name, then the UTF-8 name. */
const unicodePath = (extras: readonly Extra[]): string | undefined => {
  const e = extras.find((x) => x.id === EXTRA_UNICODE_PATH);
  return e && e.data.length > 5 && e.data[0] === 1 ? e.data.toString('utf8', 5) : undefined;
};

type Sizes = { compressed: number; uncompressed: number };

/** Sizes (and the local offset) with their zip64 values filled in from the 0x0001 extra field where marked. */
function zip64Values(
  extras: readonly Extra[],
  values: { uncompressed: number; compressed: number; offset?: number },
): { uncompressed: number; compressed: number; offset?: number; zip64: boolean } | undefined {
  const e = extras.find((x) => x.id === EXTRA_ZIP64);
  const out = { ...values, zip64: e !== undefined };
  if (!e) return values.uncompressed === 0xffffffff || values.compressed === 0xffffffff || values.offset === 0xffffffff ? undefined : out;
  let at = 0;
  const take = (): number | undefined => {
    if (at + 8 > e.data.length) return undefined;
    const v = Number(e.data.readBigUInt64LE(at));
    at += 8;
    return v;
  };
  if (values.uncompressed === 0xffffffff) out.uncompressed = take() ?? NaN;
  if (values.compressed === 0xffffffff) out.compressed = take() ?? NaN;
  if (values.offset === 0xffffffff) out.offset = take() ?? NaN;
  return Number.isNaN(out.uncompressed) || Number.isNaN(out.compressed) || Number.isNaN(out.offset ?? 0) ? undefined : out;
}

type CentralRecord = {
  nameBytes: Buffer;
  names: string[];
  display: string;
  flags: number;
  method: number;
  crc: number;
  sizes: Sizes;
  offset: number;
  unicodeName: string | undefined;
};

/** The end-of-central-directory record: where the directory is and how many entries it lists. */
async function findDirectory(fh: FileHandle, size: number): Promise<{ count: number; cdSize: number; cdOffset: number } | undefined> {
  if (size < 22) return undefined;
  const tailLength = Math.min(size, 22 + 0xffff);
  const tailStart = size - tailLength;
  const tail = await readAt(fh, tailStart, tailLength);
  // The record whose comment ends exactly at the end of the file: a fake record inside the comment never does.
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === SIG_END && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  // One disk only, and the entry counts agree.
  if (
    tail.readUInt16LE(eocd + 4) !== 0 ||
    tail.readUInt16LE(eocd + 6) !== 0 ||
    tail.readUInt16LE(eocd + 8) !== tail.readUInt16LE(eocd + 10)
  ) {
    return undefined;
  }
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locatorAt = tailStart + eocd - 20;
    if (locatorAt < 0) return undefined;
    const locator = await readAt(fh, locatorAt, 20);
    if (locator.length < 20 || locator.readUInt32LE(0) !== SIG_END64_LOCATOR) return undefined;
    const recordAt = Number(locator.readBigUInt64LE(8));
    if (recordAt + 56 > size) return undefined;
    const record = await readAt(fh, recordAt, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== SIG_END64) return undefined;
    count = Number(record.readBigUInt64LE(32));
    cdSize = Number(record.readBigUInt64LE(40));
    cdOffset = Number(record.readBigUInt64LE(48));
  }
  return { count, cdSize, cdOffset };
}

/** Lists a zip from both its central directory and its local headers, refusing any disagreement. */
export async function readZipListing(fh: FileHandle, size: number): Promise<ZipListing> {
  const dir = await findDirectory(fh, size);
  if (!dir) return { problem: 'unreadable' };
  const { count, cdSize, cdOffset } = dir;
  if (count > MAX_ZIP_ENTRIES || cdSize > MAX_ZIP_DIRECTORY_BYTES) return { problem: 'too-large' };
  if (cdOffset + cdSize > size) return { problem: 'unreadable' };

  const cd = await readAt(fh, cdOffset, cdSize);
  if (cd.length !== cdSize) return { problem: 'unreadable' };
  const records: CentralRecord[] = [];
  let at = 0;
  while (at < cd.length) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== SIG_CENTRAL) return { problem: 'unreadable' };
    const flags = cd.readUInt16LE(at + 8);
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > cd.length) return { problem: 'unreadable' };
    if (flags & FLAG_MASKED_HEADERS) return { problem: 'hidden-names' };
    if (cd.readUInt16LE(at + 34) !== 0 && cd.readUInt16LE(at + 34) !== 0xffff) return { problem: 'unreadable' };
    const nameBytes = cd.subarray(at + 46, at + 46 + nameLength);
    const extras = parseExtra(cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    if (!extras) return { problem: 'unreadable' };
    const values = zip64Values(extras, {
      uncompressed: cd.readUInt32LE(at + 24),
      compressed: cd.readUInt32LE(at + 20),
      offset: cd.readUInt32LE(at + 42),
    });
    if (!values || values.offset === undefined) return { problem: 'unreadable' };
    const names = decodeName(nameBytes, (flags & FLAG_UTF8) !== 0);
    const unicodeName = unicodePath(extras);
    records.push({
      nameBytes,
      names: unicodeName === undefined ? names : [...names, unicodeName],
      display: displayName(names[0]!),
      flags,
      method: cd.readUInt16LE(at + 10),
      crc: cd.readUInt32LE(at + 16),
      sizes: { compressed: values.compressed, uncompressed: values.uncompressed },
      offset: values.offset,
      unicodeName,
    });
    at = end;
  }
  if (records.length !== count) return { problem: 'unreadable' };

  // Walk the entries in file order: each local header agrees with its directory record, and the entries (with
  // their data descriptors) follow one another from the first byte to the directory, so no entry is hidden
  // between them for a streaming reader to find.
  const ordered = [...records].sort((x, y) => x.offset - y.offset);
  const reader = new BlockReader(fh);
  let expected = 0;
  for (const r of ordered) {
    if (r.offset !== expected) {
      return {
        problem: 'inconsistent',
        detail: r.offset < expected ? `条目 ${r.display} 与其他条目重叠` : `条目 ${r.display} 之前有目录未列出的内容`,
      };
    }
    const local = await readLocal(reader, r, cdOffset);
    if ('problem' in local) return local;
    const extra = local.names.filter((n) => !r.names.includes(n));
    r.names.push(...extra);
    expected = local.end;
  }
  if (expected !== cdOffset) return { problem: 'inconsistent', detail: '最后一个条目与中央目录之间有目录未列出的内容' };
  return { entries: records.map((r) => ({ name: r.display, names: r.names })) };
}

/** Reads and checks the local header (and data descriptor) of one entry; gives where the entry ends. */
async function readLocal(reader: BlockReader, r: CentralRecord, limit: number): Promise<{ end: number; names: string[] } | ZipProblem> {
  const header = await reader.read(r.offset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== SIG_LOCAL)
    return { problem: 'inconsistent', detail: `条目 ${r.display} 没有本地文件头` };
  const flags = header.readUInt16LE(6);
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  const rest = await reader.read(r.offset + 30, nameLength + extraLength);
  if (rest.length < nameLength + extraLength) return { problem: 'unreadable' };
  const nameBytes = rest.subarray(0, nameLength);
  if (!nameBytes.equals(r.nameBytes)) {
    const localName = displayName(decodeName(nameBytes, (flags & FLAG_UTF8) !== 0)[0]!);
    return { problem: 'inconsistent', detail: `中央目录中的文件名为 ${r.display}，本地文件头中的文件名为 ${localName}` };
  }
  const differs = (what: string): ZipProblem => ({ problem: 'inconsistent', detail: `条目 ${r.display} 的${what}不一致` });
  if ((flags & FLAGS_COMPARED) !== (r.flags & FLAGS_COMPARED)) return differs('标志位');
  if (header.readUInt16LE(8) !== r.method) return differs('压缩方式');
  const extras = parseExtra(rest.subarray(nameLength));
  if (!extras) return { problem: 'unreadable' };
  const localUnicode = unicodePath(extras);
  if (localUnicode !== undefined && r.unicodeName !== undefined && localUnicode !== r.unicodeName) return differs('Unicode 文件名');

  const crc = header.readUInt32LE(14);
  const raw = { compressed: header.readUInt32LE(18), uncompressed: header.readUInt32LE(22) };
  if (!(flags & FLAG_DESCRIPTOR)) {
    const sizes = zip64Values(extras, raw);
    if (!sizes) return { problem: 'unreadable' };
    if (crc !== r.crc) return differs('校验值');
    if (sizes.compressed !== r.sizes.compressed || sizes.uncompressed !== r.sizes.uncompressed) return differs('大小');
  } else if (
    (crc !== 0 && crc !== r.crc) ||
    (raw.compressed !== 0 && raw.compressed !== 0xffffffff && raw.compressed !== r.sizes.compressed)
  ) {
    // With a data descriptor the local values are usually zero; any that are given must still agree.
    return differs('大小');
  }

  const dataEnd = r.offset + 30 + nameLength + extraLength + r.sizes.compressed;
  if (dataEnd > limit) return { problem: 'inconsistent', detail: `条目 ${r.display} 的数据超出了中央目录的位置` };
  let end = dataEnd;
  if (flags & FLAG_DESCRIPTOR) {
    const d = await reader.read(dataEnd, 24);
    const base = d.length >= 4 && d.readUInt32LE(0) === SIG_DESCRIPTOR ? 4 : 0;
    // 8-byte sizes when the local header carries a zip64 field (APPNOTE 4.3.9.2).
    const wide = extras.some((x) => x.id === EXTRA_ZIP64);
    const length = base + 4 + (wide ? 16 : 8);
    if (d.length < length) return { problem: 'unreadable' };
    const dCrc = d.readUInt32LE(base);
    const dCompressed = wide ? Number(d.readBigUInt64LE(base + 4)) : d.readUInt32LE(base + 4);
    const dUncompressed = wide ? Number(d.readBigUInt64LE(base + 12)) : d.readUInt32LE(base + 8);
    if (dCrc !== r.crc || dCompressed !== r.sizes.compressed || dUncompressed !== r.sizes.uncompressed) return differs('数据描述符');
    end = dataEnd + length;
  }
  const names = decodeName(nameBytes, (flags & FLAG_UTF8) !== 0);
  return { end, names: localUnicode === undefined ? names : [...names, localUnicode] };
}
