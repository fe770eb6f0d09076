// Reading an uploaded CSV or Excel file into a table of raw cells, inferring each column's type and role, and
// turning the raw cells into the typed cells a dataset stores. Every refusal says which row and column (the row as
// a spreadsheet numbers it: the header is row 1).
import ExcelJS from 'exceljs';
import {
  UPLOAD_DATASET_MAX_COLUMNS,
  UPLOAD_DATASET_MAX_ROWS,
  UPLOAD_MESSAGES_DP as M,
  guessMeasureUnit,
  provinceShortName,
  type UploadColumnType,
  type UploadedColumn,
} from '@tfb/contract';
import { AppError, badRequest } from './errors.js';

/** A cell as read: text, a number (Excel), or null when empty. Excel dates arrive as `yyyy-MM-dd` text. */
export type RawCell = string | number | null;
export type RawRow = { rowNo: number; cells: RawCell[] };
export type RawTable = { format: 'csv' | 'xlsx'; headers: string[]; rows: RawRow[] };
/** A stored cell: a number column's number, any other column's canonical text, null when empty. */
export type Cell = string | number | null;

/** Most errors reported at once (the first is the message; all of them go in `errors`). */
const MAX_ERRORS = 20;
/** An .xlsx whose entries would expand beyond this is refused before it is unpacked. */
const MAX_XLSX_EXPANDED_BYTES = 200 * 1024 * 1024;

const unsupported = () => new AppError(41500, M.fileType);

/** Refuses with every problem found (up to MAX_ERRORS), the first as the message. */
function refuse(messages: string[]): never {
  throw badRequest(
    messages[0]!,
    messages.slice(0, MAX_ERRORS).map((message) => ({ field: 'file', message })),
  );
}

// ---- Reading ----

/** UTF-8 (with or without BOM), UTF-16 with BOM, or else GB18030 (what Excel on a Chinese Windows saves). */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** RFC 4180 records (quoted fields may hold separators, quotes doubled, line breaks); the separator is a comma, or a
 * tab when the first line has tabs and no commas. */
export function parseCsv(text: string): RawRow[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const rows: RawRow[] = [];
  let cells: RawCell[] = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  let i = 0;
  const endField = () => {
    cells.push(quoted || field.trim() !== '' ? (quoted ? field : field.trim()) : null);
    field = '';
    quoted = false;
  };
  const endRow = () => {
    endField();
    rows.push({ rowNo: rows.length + 1, cells });
    cells = [];
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
      } else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      inQuotes = true;
      quoted = true;
      field = '';
    } else if (ch === sep) endField();
    else if (ch === '\n' || ch === '\r') {
      endRow();
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
    } else field += ch;
    i += 1;
  }
  if (inQuotes) refuse([M.unclosedQuote(rows.length + 1, cells.length + 1)]);
  if (field !== '' || quoted || cells.length > 0) endRow();
  return rows;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;

/** An Excel cell's value as a raw cell: formulas by their result, rich text and links by their text. */
function excelCell(v: ExcelJS.CellValue): RawCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : isoDay(v);
  if ('richText' in v) return excelCell(v.richText.map((r) => r.text).join(''));
  if ('hyperlink' in v) return excelCell(v.text as ExcelJS.CellValue);
  if ('result' in v) return v.result === undefined ? null : excelCell(v.result as ExcelJS.CellValue);
  if ('error' in v) return String(v.error);
  return null;
}

/** The sum of the uncompressed sizes a zip's central directory declares, or undefined when it cannot be read. */
function zipExpandedSize(buf: Buffer): number | undefined {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > buf.length) return undefined;
  const entries = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return undefined;
    const size = buf.readUInt32LE(at + 24);
    // ZIP64 sizes (0xffffffff) are far beyond any 10 MB workbook's content.
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return total;
}

async function readXlsx(bytes: Buffer): Promise<RawRow[]> {
  const expanded = zipExpandedSize(bytes);
  if (expanded === undefined) throw badRequest(M.badWorkbook);
  if (expanded > MAX_XLSX_EXPANDED_BYTES) throw badRequest(M.tooManyRows);
  const wb = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type; the bytes are a Node Buffer.
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(M.badWorkbook);
  }
  const sheet = wb.worksheets.find((ws) => ws.actualRowCount > 0);
  if (!sheet) throw badRequest(M.empty);
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: RawCell[] = [];
    for (let c = 1; c <= row.cellCount; c += 1) cells.push(excelCell(row.getCell(c).value));
    rows.push({ rowNo: row.number, cells });
  });
  return rows;
}

const isBlankRow = (r: RawRow) => r.cells.every((c) => c === null);

/** The file as a table: the header row's names and the data rows (blank rows skipped). */
export async function readTable(bytes: Buffer, fileName: string): Promise<RawTable> {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  let format: RawTable['format'];
  if (ext === 'xlsx' && isZip) format = 'xlsx';
  else if ((ext === 'csv' || ext === 'txt') && !isZip && !bytes.subarray(0, 4096).includes(0)) format = 'csv';
  else throw unsupported();
  if (bytes.length === 0) throw badRequest(M.empty);
  const all = format === 'xlsx' ? await readXlsx(bytes) : parseCsv(decodeText(bytes));
  const first = all.findIndex((r) => !isBlankRow(r));
  if (first < 0) throw badRequest(M.empty);
  if (all[first]!.rowNo !== 1) refuse([M.noHeader]);
  const headerCells = all[first]!.cells;
  const data = all.slice(first + 1).filter((r) => !isBlankRow(r));
  // Trailing header cells left empty are not columns, unless a data row has a value under one of them.
  let width = headerCells.length;
  while (width > 0 && headerCells[width - 1] === null) width -= 1;
  const headers: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let c = 0; c < width; c += 1) {
    const h = headerCells[c] === null ? '' : String(headerCells[c]).trim();
    if (h === '') problems.push(M.emptyColumnName(c + 1));
    else if (seen.has(h)) problems.push(M.duplicateColumnName(c + 1, h));
    seen.add(h);
    headers.push(h);
  }
  if (problems.length > 0) refuse(problems);
  if (headers.length > UPLOAD_DATASET_MAX_COLUMNS) throw badRequest(M.tooManyColumns);
  if (data.length === 0) throw badRequest(M.noRows);
  if (data.length > UPLOAD_DATASET_MAX_ROWS) throw badRequest(M.tooManyRows);
  for (const r of data) {
    const extra = r.cells.findIndex((c, i) => i >= width && c !== null);
    if (extra >= 0) problems.push(M.extraCell(r.rowNo, extra + 1));
    if (problems.length >= MAX_ERRORS) break;
  }
  if (problems.length > 0) refuse(problems);
  return { format, headers, rows: data.map((r) => ({ rowNo: r.rowNo, cells: headers.map((_, i) => r.cells[i] ?? null) })) };
}

// ---- Types ----

/** A number written in a file: `1234.5`, `1,234.5`, `¥1,234`, `-3`, `1.2e3`. */
export function parseNumber(v: RawCell): number | undefined {
  if (typeof v === 'number') return v;
  if (v === null) return undefined;
  const s = v.replace(/^[¥￥$]/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** A calendar date written `2026-01-31`, `2026/1/31`, `2026.1.31`, `2026年1月31日`, or a month `2026-01` (its first
 * day), as `yyyy-MM-dd`. */
export function parseDate(v: RawCell): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{4})[-/.年](\d{1,2})(?:[-/.月](\d{1,2})日?|月)?$/.exec(v.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 1 : Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return isoDay(date);
}

const asText = (v: RawCell): string | null => (v === null ? null : String(v));

/** The typed cell of `v` in a column of `type`, or undefined when it is not one. */
export function convertCell(v: RawCell, type: UploadColumnType): Cell | undefined {
  if (v === null) return null;
  switch (type) {
    case 'number':
      return parseNumber(v);
    case 'date':
      return parseDate(v);
    case 'province':
      return provinceShortName(String(v));
    case 'text':
      return asText(v);
  }
}

/** The narrowest type every non-empty cell of a column fits: number, date, province, else text. */
function inferType(values: RawCell[]): UploadColumnType {
  const filled = values.filter((v) => v !== null);
  if (filled.length === 0) return 'text';
  for (const type of ['number', 'date', 'province'] as const) if (filled.every((v) => convertCell(v, type) !== undefined)) return type;
  return 'text';
}

/** The columns as inferred: numbers are measures (unit guessed from the header), the rest dimensions. */
export function inferColumns(table: RawTable): UploadedColumn[] {
  return table.headers.map((header, i) => {
    const type = inferType(table.rows.map((r) => r.cells[i] ?? null));
    const measure = type === 'number';
    return {
      name: `c${i + 1}`,
      header,
      title: header,
      type,
      role: measure ? 'measure' : 'dimension',
      unit: measure ? guessMeasureUnit(header) : null,
    };
  });
}

const typeError = { number: M.notNumber, date: M.notDate, province: M.notProvince, text: M.notNumber } as const;

/** Every row's typed cells under `columns` (in file order); refuses naming each cell that does not fit its type. */
export function typeRows(rows: RawRow[], columns: UploadedColumn[]): { rowNo: number; cells: Cell[] }[] {
  const problems: string[] = [];
  const out = rows.map((r) => ({
    rowNo: r.rowNo,
    cells: columns.map((col, i) => {
      const cell = convertCell(r.cells[i] ?? null, col.type);
      if (cell !== undefined) return cell;
      if (problems.length < MAX_ERRORS) problems.push(typeError[col.type](r.rowNo, i + 1, col.title));
      return null;
    }),
  }));
  if (problems.length > 0) refuse(problems);
  return out;
}
