// "导出 Excel" of a list: POST `<list path>/export` answers the list's filter as an xlsx streamed while it is read.
// The call is registered beside the list with the list's permission and reads through the list's own page function
// (same filters, same enterprise scope), EXPORT_PAGE_ROWS rows at a time, so no export holds more than one page in
// memory. A filter matching more than EXPORT_MAX_ROWS rows is refused (400) before anything is streamed.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  EXPORT_FORMATS,
  EXPORT_MAX_ROWS,
  EXPORT_PAGE_ROWS,
  LIST_EXPORT_MESSAGES,
  listExportBody,
  listExportPath,
  type ExportColumn,
  type ListExport,
  type RouteAccess,
} from '@tfb/contract';
import type { Session } from '../plugins/session.js';
import { badRequest } from './errors.js';
import type { PageWindow, Paged } from './paging.js';
import { XLSX_CONTENT_TYPE, attachment, sheetName } from './xlsx.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** China Standard Time: the product's dates and times are written as its wall clock (Excel dates carry no zone). */
const CST_OFFSET_MS = 8 * 3600_000;

/** A window of `limit` rows from `offset`, as the list's page function takes it. */
const windowAt = (offset: number, limit: number): PageWindow => ({
  pageNumber: Math.floor(offset / limit),
  pageSize: limit,
  offset,
  limit,
  clamped: false,
});

/** An Excel date of a `yyyy-MM-dd` date or an instant (written at its China Standard Time wall clock). */
function excelDate(value: unknown, kind: 'date' | 'datetime'): Date | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return new Date(value.getTime() + CST_OFFSET_MS);
  const text = String(value);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return text;
  const at = new Date(ms + CST_OFFSET_MS);
  return kind === 'date' ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())) : at;
}

/** The cell value of `value` in `column` (labels: the code column's labels by code, as the body sent them). */
export function exportCell<Row>(column: ExportColumn<Row>, value: unknown, labels: Record<string, string> | undefined): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'number':
    case 'money': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case 'date':
    case 'datetime':
      return excelDate(value, column.kind);
    case 'code': {
      const label = (code: string) => (labels && Object.hasOwn(labels, code) ? labels[code]! : code);
      // A list of codes (a user's roles): each as its label, joined as the page lists them.
      return Array.isArray(value) ? value.map((v) => label(String(v))).join('、') : label(String(value));
    }
    case 'text':
      return String(value);
  }
}

const widthOf = (v: unknown) => [...String(v ?? '')].reduce((w, ch) => w + (ch.charCodeAt(0) > 0xff ? 2 : 1), 0);
const WIDTHS: Record<ExportColumn<unknown>['kind'], number> = { text: 18, number: 12, money: 16, date: 12, datetime: 20, code: 12 };

/** The YYYYMMDD of `at` in China Standard Time (the file name's date). */
const cstDay = (at: Date) => new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');

/** The list's permission, docs tags and query schema (its paging, whatever its names, is not read: the export pages
 * through `page`'s window). */
export type ListExportRoute<Q extends z.ZodType> = { access: RouteAccess; tags: string[]; query: Q };

/**
 * Registers POST `listExportPath(listPath)`: the rows `page` reads for the caller and the filter, written as
 * `spec.columns` say, under the list's permission `route.access`. `page` is the list's own page function;
 * `listPath` is the list's path as its plugin registers it (spec.list, unless the plugin is mounted under /api).
 */
export function listExportRoute<Q extends z.ZodType, Row>(
  app: App,
  spec: ListExport<Row>,
  route: ListExportRoute<Q>,
  page: (s: Session, query: z.output<Q>, w: PageWindow) => Promise<Paged<Row>>,
  listPath: string = spec.list,
): void {
  const body = listExportBody(route.query);
  app.post(listExportPath(listPath), { config: { access: route.access }, schema: { tags: route.tags, body } }, async (req, reply) => {
    const s = req.session();
    // The type provider cannot name the type of a schema that is a type parameter: the body was validated by `body`.
    const { filter, titles } = req.body as { filter: z.output<Q>; titles: z.output<typeof body>['titles'] };
    // One row past the cap means too many: refused while the reply is still a JSON envelope.
    const beyond = await page(s, filter, windowAt(EXPORT_MAX_ROWS, 1));
    if (beyond.content.length > 0) throw badRequest(LIST_EXPORT_MESSAGES.tooManyRows);
    const first = await page(s, filter, windowAt(0, EXPORT_PAGE_ROWS));

    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.created = app.clock();
    const sheet = workbook.addWorksheet(sheetName(titles.sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = spec.columns.map((c) => {
      const header = titles.columns[c.key] ?? c.key;
      const numFmt =
        c.kind === 'number'
          ? (c.format ?? EXPORT_FORMATS.number)
          : c.kind === 'text' || c.kind === 'code'
            ? undefined
            : EXPORT_FORMATS[c.kind];
      return {
        header,
        key: c.key,
        width: Math.min(40, Math.max(WIDTHS[c.kind], widthOf(header) + 2)),
        ...(numFmt ? { style: { numFmt } } : {}),
      };
    });
    sheet.getRow(1).font = { bold: true };

    const write = async () => {
      let rows = first.content;
      let offset = 0;
      for (;;) {
        for (const row of rows) {
          const record = row as Record<string, unknown>;
          sheet.addRow(spec.columns.map((c) => exportCell(c, record[c.key], titles.labels[c.key]))).commit();
        }
        offset += rows.length;
        // A page shorter than asked is the last; the cap holds even if rows were added since the check.
        if (rows.length < EXPORT_PAGE_ROWS || offset >= EXPORT_MAX_ROWS) break;
        rows = (await page(s, filter, windowAt(offset, Math.min(EXPORT_PAGE_ROWS, EXPORT_MAX_ROWS - offset)))).content;
      }
      sheet.commit();
      await workbook.commit();
    };
    write().catch((err: unknown) => {
      // The status is sent: the download breaks off (the client sees an incomplete file, never a wrong one).
      req.log.error({ err }, 'list export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });

    const name = `${titles.sheet.trim() || 'export'}_${cstDay(app.clock())}.xlsx`;
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', attachment(name))
      .header('cache-control', 'no-store')
      .send(out);
  });
}
