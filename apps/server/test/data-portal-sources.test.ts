// Uploaded datasets of the data portal (issue 13): CSV (UTF-8 with or without BOM, GB18030) and Excel files parsed,
// typed and previewed; broken files refused naming the row and column; columns confirmed with edits and edited
// again after saving; refresh by re-upload; delete; aggregates equal to a computation over the file; permissions;
// another enterprise's datasets out of reach.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  DATA_PORTAL_MESSAGES,
  DATA_PORTAL_PATHS,
  type DataQueryResult,
  type DatasetDetail,
  type DatasetSummary,
  UPLOADED_DATASET_PATHS as P,
  UPLOAD_DATASET_MAX_ROWS,
  UPLOAD_MESSAGES_DP as M,
  type UploadColumnEdit,
  type UploadPreview,
  type UploadedColumn,
  type UploadedDataset,
} from '@tfb/contract';
import { multipart, pdf, type Part } from './helpers/files.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';
import { SEED_STOCK_NAME } from '../src/db/seed-uploaded-datasets.js';
import { queryUploaded, uploadedDetail, uploadedSummaries } from '../src/modules/data-portal-sources/datasets.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const at = (path: string, id: string) => path.replace(':id', id);

const STOCK_CSV = [
  '日期,省份,仓库,品类,库存重量（吨）,货值（元）',
  '2026-01-05,上海,上港仓,螺纹钢,120.5,"483,200"',
  '2026/1/18,江苏省,张家港仓,热轧卷板,80,312000',
  '2026-02-03,上海市,外高桥仓,螺纹钢,60,240000',
  '2026-02-11,广东,黄埔仓,电解铜,15.25,1050000',
  '2026-03-01,广西壮族自治区,钦州仓,铝锭,40,760000',
  '2026-03-09,江苏,太仓仓,螺纹钢,,150000',
].join('\r\n');

/** The CSV's rows as the test reads them, to compute aggregates directly. */
const STOCK_ROWS = [
  { month: '2026-01', province: '上海', weight: 120.5, value: 483200, category: '螺纹钢' },
  { month: '2026-01', province: '江苏', weight: 80, value: 312000, category: '热轧卷板' },
  { month: '2026-02', province: '上海', weight: 60, value: 240000, category: '螺纹钢' },
  { month: '2026-02', province: '广东', weight: 15.25, value: 1050000, category: '电解铜' },
  { month: '2026-03', province: '广西', weight: 40, value: 760000, category: '铝锭' },
  { month: '2026-03', province: '江苏', weight: 0, value: 150000, category: '螺纹钢' },
];

const edits = (columns: UploadedColumn[], change: Partial<Record<string, Partial<UploadColumnEdit>>> = {}): UploadColumnEdit[] =>
  columns.map((c) => ({ name: c.name, title: c.title, type: c.type, role: c.role, unit: c.unit, ...change[c.name] }));

async function xlsx(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('库存');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describeEachDatabase('data portal: uploaded datasets', (t) => {
  let admin: TestSession; // demo-portal-admin, ent-p: read and write
  let reader: TestSession; // demo-group, ent-p: read only
  let outsider: TestSession; // demo-supervisor: no data-portal permission
  let other: TestSession; // demo-admin, ent-a: every permission, another enterprise
  beforeAll(async () => {
    [admin, reader, outsider, other] = await Promise.all([
      t().enter('demo-portal-admin'),
      t().enter('demo-group'),
      t().enter('demo-supervisor'),
      t().enter('demo-admin'),
    ]);
  });

  const call = (s: TestSession, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const send = (s: TestSession, url: string, filename: string, content: Buffer | string, fields: Record<string, string> = {}) => {
    const parts: Part[] = [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', filename, content: typeof content === 'string' ? Buffer.from(content) : content },
    ];
    const { payload, headers } = multipart(parts);
    return t().app.inject({ method: 'POST', url, headers: { ...s.headers, ...headers }, payload });
  };
  const preview = async (filename: string, content: Buffer | string): Promise<UploadPreview> => {
    const res = await send(admin, P.preview, filename, content);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as UploadPreview;
  };
  const refusal = async (filename: string, content: Buffer | string) => {
    const res = await send(admin, P.preview, filename, content);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res.json() as { message: string; errors?: { field: string; message: string }[] };
  };
  const store = async (filename: string, content: Buffer | string, name: string, columns: UploadColumnEdit[], s = admin) => {
    const res = await send(s, P.list, filename, content, { name, columns: JSON.stringify(columns) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as UploadedDataset;
  };
  const storeStock = async () => {
    const p = await preview('库存.csv', STOCK_CSV);
    return store('库存.csv', STOCK_CSV, '各省库存', edits(p.columns));
  };
  const rowsOf = async (id: string) =>
    (
      await t()
        .database.db.selectFrom('uploaded_dataset_rows')
        .select(['row_no', 'cells'])
        .where('dataset_id', '=', id)
        .orderBy('row_no')
        .execute()
    ).map((r) => ({ rowNo: r.row_no, cells: r.cells }));

  describe('parsing and inference', () => {
    it('infers dates, provinces, text and number measures (units from the headers) and types the first rows', async () => {
      const p = await preview('库存.csv', STOCK_CSV);
      expect(p).toMatchObject({ fileName: '库存.csv', format: 'csv', rowCount: 6 });
      expect(p.columns.map((c) => [c.name, c.header, c.type, c.role, c.unit])).toEqual([
        ['c1', '日期', 'date', 'dimension', null],
        ['c2', '省份', 'province', 'dimension', null],
        ['c3', '仓库', 'text', 'dimension', null],
        ['c4', '品类', 'text', 'dimension', null],
        ['c5', '库存重量（吨）', 'number', 'measure', 'tonne'],
        ['c6', '货值（元）', 'number', 'measure', 'yuan'],
      ]);
      // Dates as yyyy-MM-dd, provinces as the map's short names, "483,200" as a number, an empty cell as null.
      expect(p.rows[0]).toEqual(['2026-01-05', '上海', '上港仓', '螺纹钢', 120.5, 483200]);
      expect(p.rows[1]).toEqual(['2026-01-18', '江苏', '张家港仓', '热轧卷板', 80, 312000]);
      expect(p.rows[4]![1]).toBe('广西');
      expect(p.rows[5]![4]).toBeNull();
    });

    it('reads UTF-8 with a BOM, GB18030, tab-separated text and quoted fields with separators and line breaks', async () => {
      const bom = await preview('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('名称,数量\n甲,1\n')]));
      expect(bom.columns.map((c) => c.header)).toEqual(['名称', '数量']);
      // 名称,数量 / 乙,2 in GB18030.
      const gb = Buffer.from([0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0xca, 0xfd, 0xc1, 0xbf, 0x0a, 0xd2, 0xd2, 0x2c, 0x32, 0x0a]);
      const gbPreview = await preview('gb.csv', gb);
      expect(gbPreview.columns.map((c) => c.header)).toEqual(['名称', '数量']);
      expect(gbPreview.rows).toEqual([['乙', 2]]);
      const tabbed = await preview('t.txt', '名称\t数量\n丙\t3\n');
      expect(tabbed.rows).toEqual([['丙', 3]]);
      const quoted = await preview('q.csv', '名称,备注\n"甲,乙","第一行\n第二行 ""引号"""\n');
      expect(quoted.rows).toEqual([['甲,乙', '第一行\n第二行 "引号"']]);
    });

    it('reads the first sheet of an .xlsx: numbers, dates, formulas by their result', async () => {
      const file = await xlsx([
        ['月份', '省份', '库存'],
        [new Date(Date.UTC(2026, 0, 31)), '浙江省', 12],
        [new Date(Date.UTC(2026, 1, 28)), '山东', 8.5],
      ]);
      const p = await preview('库存.xlsx', file);
      expect(p.format).toBe('xlsx');
      expect(p.columns.map((c) => c.type)).toEqual(['date', 'province', 'number']);
      expect(p.rows).toEqual([
        ['2026-01-31', '浙江', 12],
        ['2026-02-28', '山东', 8.5],
      ]);
    });

    it('refuses broken files with a message naming the row and column', async () => {
      expect((await refusal('e.csv', '')).message).toBe(M.empty);
      expect((await refusal('e.csv', '\n\n')).message).toBe(M.empty);
      expect((await refusal('h.csv', '\n名称,数量\n甲,1\n')).message).toBe(M.noHeader);
      expect((await refusal('h.csv', '名称,数量\n')).message).toBe(M.noRows);
      expect((await refusal('d.csv', '名称,,数量\n甲,x,1\n')).message).toBe(M.emptyColumnName(2));
      const dup = await refusal('d.csv', '名称,数量,名称\n甲,1,乙\n');
      expect(dup.message).toBe(M.duplicateColumnName(3, '名称'));
      expect((await refusal('x.csv', '名称,数量\n甲,1\n乙,2,多余\n')).message).toBe(M.extraCell(3, 3));
      expect((await refusal('q.csv', '名称,数量\n甲,"1\n')).message).toBe(M.unclosedQuote(2, 2));
      expect((await refusal('a.pdf', pdf())).message).toBe(M.fileType);
      expect((await refusal('a.xls', 'a,b\n1,2\n')).message).toBe(M.fileType);
      expect((await refusal('fake.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]))).message).toBe(M.badWorkbook);
    });

    it('refuses a file above 10 MB with the spec message, and more rows than the cap', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x31);
      const res = await send(admin, P.preview, 'big.csv', big);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('上传文件大小不能超过 10MB!');
      const many = `n\n${'1\n'.repeat(UPLOAD_DATASET_MAX_ROWS + 1)}`;
      expect((await refusal('many.csv', many)).message).toBe(M.tooManyRows);
    });
  });

  describe('storing, editing, refreshing, deleting', () => {
    it('stores the rows with the columns as confirmed (title, role, unit edited) in one dataset of the enterprise', async () => {
      const p = await preview('库存.csv', STOCK_CSV);
      const confirmed = edits(p.columns, { c3: { title: '仓库名称' }, c5: { unit: 'tonne', title: '库存（吨）' } });
      const d = await store('库存.csv', STOCK_CSV, '  各省库存 ', confirmed);
      expect(d.id).toMatch(/^upload-\d+$/);
      expect(d).toMatchObject({ name: '各省库存', fileName: '库存.csv', rowCount: 6, createUserName: admin.user.userName });
      expect(d.columns.find((c) => c.name === 'c3')).toMatchObject({ header: '仓库', title: '仓库名称' });
      expect(d.columns.find((c) => c.name === 'c5')).toMatchObject({ title: '库存（吨）', unit: 'tonne' });
      expect(d.rows).toHaveLength(6);
      const stored = await rowsOf(d.id);
      // Row numbers are the file's (the header is row 1).
      expect(stored.map((r) => r.rowNo)).toEqual([2, 3, 4, 5, 6, 7]);
      const read = await call(reader, 'GET', at(P.item, d.id));
      expect(read.statusCode).toBe(200);
      expect((read.json().data as UploadedDataset).columns).toEqual(d.columns);
      const list = await call(reader, 'GET', P.list);
      expect((list.json().data as { id: string }[]).map((x) => x.id)).toContain(d.id);
    });

    it('refuses confirmed columns that do not fit the data, naming the row and column, and stores nothing', async () => {
      const p = await preview('库存.csv', STOCK_CSV);
      const before = await t().database.db.selectFrom('uploaded_datasets').select('id').execute();
      const res = await send(admin, P.list, '库存.csv', STOCK_CSV, {
        name: '错误',
        columns: JSON.stringify(edits(p.columns, { c3: { type: 'number', role: 'measure', unit: 'count' } })),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.notNumber(2, 3, '仓库'));
      expect(res.json().errors).toHaveLength(6);
      const notProvince = await send(admin, P.list, '库存.csv', STOCK_CSV, {
        name: '错误',
        columns: JSON.stringify(edits(p.columns, { c4: { type: 'province' } })),
      });
      expect(notProvince.json().message).toBe(M.notProvince(2, 4, '品类'));
      // A measure must be a number with a unit; the columns must be the file's.
      const textMeasure = await send(admin, P.list, '库存.csv', STOCK_CSV, {
        name: '错误',
        columns: JSON.stringify(edits(p.columns, { c3: { role: 'measure', unit: 'count' } })),
      });
      expect(textMeasure.statusCode).toBe(400);
      expect(textMeasure.json().message).toBe(M.measureNotNumber('仓库'));
      const missing = await send(admin, P.list, '库存.csv', STOCK_CSV, {
        name: '错误',
        columns: JSON.stringify(edits(p.columns).slice(1)),
      });
      expect(missing.json().message).toBe(M.columnsMismatch);
      const noName = await send(admin, P.list, '库存.csv', STOCK_CSV, { name: ' ', columns: JSON.stringify(edits(p.columns)) });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toBe(M.nameRequired);
      expect(await t().database.db.selectFrom('uploaded_datasets').select('id').execute()).toEqual(before);
    });

    it('edits columns after saving: a type change types every row again or is refused naming the cell', async () => {
      const d = await storeStock();
      const asText = await call(admin, 'PUT', at(P.item, d.id), {
        name: '库存（改）',
        columns: edits(d.columns, { c2: { type: 'text' } }),
      });
      expect(asText.statusCode, asText.body).toBe(200);
      expect((asText.json().data as UploadedDataset).name).toBe('库存（改）');
      // A number measure made a text dimension keeps its values as text; made a number again it reads them back.
      const toText = await call(admin, 'PUT', at(P.item, d.id), {
        name: '库存',
        columns: edits(d.columns, { c6: { type: 'text', role: 'dimension', unit: null } }),
      });
      expect((toText.json().data as UploadedDataset).rows[0]![5]).toBe('483200');
      const back = await call(admin, 'PUT', at(P.item, d.id), { name: '库存', columns: edits(d.columns) });
      expect((back.json().data as UploadedDataset).rows[0]![5]).toBe(483200);
      const refused = await call(admin, 'PUT', at(P.item, d.id), {
        name: '库存',
        columns: edits(d.columns, { c4: { type: 'date' } }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(M.notDate(2, 4, '品类'));
      const after = await call(admin, 'GET', at(P.item, d.id));
      expect((after.json().data as UploadedDataset).columns.find((c) => c.name === 'c4')!.type).toBe('text');
    });

    it('refreshes by re-upload: same columns replace every row; other columns need confirming again', async () => {
      const d = await storeStock();
      const next = ['日期,省份,仓库,品类,库存重量（吨）,货值（元）', '2026-04-01,四川,成都仓,螺纹钢,10,40000'].join('\n');
      const res = await send(admin, at(P.refresh, d.id), '四月.csv', next);
      expect(res.statusCode, res.body).toBe(200);
      const refreshed = res.json().data as UploadedDataset;
      expect(refreshed).toMatchObject({ rowCount: 1, fileName: '四月.csv', name: '各省库存' });
      expect(refreshed.rows).toEqual([['2026-04-01', '四川', '成都仓', '螺纹钢', 10, 40000]]);
      expect(new Date(refreshed.refreshedAt).getTime()).toBeGreaterThanOrEqual(new Date(d.refreshedAt).getTime());
      // Different columns: refused until confirmed, and then the columns are replaced.
      const other = '省份,数量\n四川,3\n';
      const changed = await send(admin, at(P.refresh, d.id), 'x.csv', other);
      expect(changed.statusCode).toBe(400);
      expect(changed.json().message).toBe(M.columnsChanged);
      expect(await rowsOf(d.id)).toHaveLength(1);
      const p = await preview('x.csv', other);
      const confirmed = await send(admin, at(P.refresh, d.id), 'x.csv', other, { columns: JSON.stringify(edits(p.columns)) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((confirmed.json().data as UploadedDataset).columns.map((c) => c.header)).toEqual(['省份', '数量']);
      // A refresh whose rows do not fit the kept types changes nothing.
      const bad = await send(admin, at(P.refresh, d.id), 'y.csv', '省份,数量\n四川,很多\n');
      expect(bad.json().message).toBe(M.notNumber(2, 2, '数量'));
      expect((await rowsOf(d.id)).map((r) => r.cells)).toEqual([['四川', 3]]);
    });

    it('deletes a dataset and its rows', async () => {
      const d = await storeStock();
      const res = await call(admin, 'DELETE', at(P.item, d.id));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: d.id });
      expect(await rowsOf(d.id)).toEqual([]);
      expect((await call(admin, 'GET', at(P.item, d.id))).statusCode).toBe(404);
      expect((await call(admin, 'DELETE', at(P.item, d.id))).statusCode).toBe(404);
    });
  });

  describe('as a data-portal dataset', () => {
    it("holds the demo seed: the operating enterprise's commodity stock by province, stored through the upload code", async () => {
      const scope = { enterpriseId: admin.user.enterpriseId };
      const seeded = (await uploadedSummaries(t().database.db, scope)).find((s) => s.name === SEED_STOCK_NAME);
      expect(seeded).toBeDefined();
      expect(seeded!.fields.find((f) => f.title === '省份')).toMatchObject({ role: 'dimension', kind: 'province' });
      expect(seeded!.fields.find((f) => f.title === '库存重量（吨）')).toMatchObject({ role: 'measure', unit: 'tonne' });
      const byProvince = await queryUploaded(t().database.db, scope, {
        dataset: seeded!.id,
        dimensions: [seeded!.fields.find((f) => f.kind === 'province')!.name],
        measures: ['count'],
        filter: {},
        limit: 100,
      });
      expect(byProvince.rows.reduce((n, r) => n + r.values[0]!, 0)).toBe(seeded!.rowCount);
      expect(byProvince.rows.map((r) => r.keys[0])).toContain('上海');
      expect((await uploadedSummaries(t().database.db, { enterpriseId: other.user.enterpriseId })).map((s) => s.name)).not.toContain(
        SEED_STOCK_NAME,
      );
    });

    it('lists fields with titles, kinds and units, and previews the first rows', async () => {
      const d = await storeStock();
      const scope = { enterpriseId: admin.user.enterpriseId };
      const summary = (await uploadedSummaries(t().database.db, scope)).find((s) => s.id === d.id)!;
      expect(summary).toMatchObject({ kind: 'uploaded', name: '各省库存', rowCount: 6, refreshedAt: d.refreshedAt });
      expect(summary.fields.map((f) => [f.name, f.role, f.kind, f.unit, f.title])).toEqual([
        ['c1', 'dimension', 'month', null, '日期'],
        ['c2', 'dimension', 'province', null, '省份'],
        ['c3', 'dimension', 'text', null, '仓库'],
        ['c4', 'dimension', 'text', null, '品类'],
        ['c5', 'measure', null, 'tonne', '库存重量（吨）'],
        ['c6', 'measure', null, 'yuan', '货值（元）'],
        ['count', 'measure', null, 'count', null],
      ]);
      const detail = await uploadedDetail(t().database.db, scope, d.id);
      expect(detail?.preview.columns).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
      expect(detail?.preview.rows).toEqual(d.rows);
      expect(await uploadedDetail(t().database.db, { enterpriseId: other.user.enterpriseId }, d.id)).toBeUndefined();
    });

    it('aggregates by province and by month equal to a direct computation over the file', async () => {
      const d = await storeStock();
      const scope = { enterpriseId: admin.user.enterpriseId };
      const q = (dimensions: string[], measures: string[], filter = {}, limit = 200) =>
        queryUploaded(t().database.db, scope, { dataset: d.id, dimensions, measures, filter, limit });

      const byProvince = new Map<string, { weight: number; value: number; n: number }>();
      for (const r of STOCK_ROWS) {
        const acc = byProvince.get(r.province) ?? { weight: 0, value: 0, n: 0 };
        byProvince.set(r.province, { weight: acc.weight + r.weight, value: acc.value + r.value, n: acc.n + 1 });
      }
      const expected = [...byProvince]
        .map(([k, v]) => ({ keys: [k], values: [v.weight, v.value, v.n] }))
        .sort((a, b) => b.values[0]! - a.values[0]! || a.keys[0]!.localeCompare(b.keys[0]!));
      const result = await q(['c2'], ['c5', 'c6', 'count']);
      expect(result.truncated).toBe(false);
      expect(result.rows).toEqual(expected);

      // Months in order, by category within; the period limits the first date column.
      const byMonth = await q(['c1', 'c4'], ['c6'], { from: '2026-02-01', to: '2026-03-31' });
      const months = STOCK_ROWS.filter((r) => r.month >= '2026-02');
      expect(byMonth.rows.map((r) => r.keys[0])).toEqual(months.map((r) => r.month).sort());
      expect(byMonth.rows.reduce((s, r) => s + r.values[0]!, 0)).toBe(months.reduce((s, r) => s + r.value, 0));
      const total = await q([], ['c5', 'count']);
      expect(total.rows).toEqual([{ keys: [], values: [STOCK_ROWS.reduce((s, r) => s + r.weight, 0), 6] }]);
      const top = await q(['c2'], ['c6'], {}, 2);
      expect(top.truncated).toBe(true);
      expect(top.rows).toHaveLength(2);

      await expect(q(['c5'], ['c6'])).rejects.toMatchObject({ message: DATA_PORTAL_MESSAGES.unknownField });
      await expect(q(['c2'], ['c3'])).rejects.toMatchObject({ message: DATA_PORTAL_MESSAGES.unknownField });
      // Another enterprise chosen in the filter has none of this dataset's rows.
      expect((await q(['c2'], ['c6'], { enterpriseId: other.user.enterpriseId })).rows).toEqual([]);
      await expect(
        queryUploaded(
          t().database.db,
          { enterpriseId: other.user.enterpriseId },
          { dataset: d.id, dimensions: [], measures: ['count'], filter: {}, limit: 10 },
        ),
      ).rejects.toMatchObject({ message: DATA_PORTAL_MESSAGES.unknownDataset });
    });
  });

  describe('through the data-portal calls', () => {
    it('lists, previews and aggregates an uploaded dataset next to the built-in ones, for its own enterprise only', async () => {
      const d = await storeStock();
      const list = await call(admin, 'GET', DATA_PORTAL_PATHS.datasets);
      expect(list.statusCode, list.body).toBe(200);
      const summaries = list.json().data as DatasetSummary[];
      expect(summaries.some((x) => x.kind === 'builtIn')).toBe(true);
      expect(summaries.find((x) => x.id === d.id)).toMatchObject({ kind: 'uploaded', name: '各省库存', rowCount: 6 });
      const detail = await call(admin, 'GET', at(DATA_PORTAL_PATHS.dataset, d.id));
      expect(detail.statusCode, detail.body).toBe(200);
      expect((detail.json().data as DatasetDetail).preview.rows).toEqual(d.rows);
      const query = await call(admin, 'POST', DATA_PORTAL_PATHS.query, { dataset: d.id, dimensions: ['c2'], measures: ['c6'] });
      expect(query.statusCode, query.body).toBe(200);
      const byProvince = new Map<string, number>();
      for (const r of STOCK_ROWS) byProvince.set(r.province, (byProvince.get(r.province) ?? 0) + r.value);
      expect((query.json().data as DataQueryResult).rows).toEqual(
        [...byProvince].sort((a, b) => b[1] - a[1]).map(([k, v]) => ({ keys: [k], values: [v] })),
      );
      // Another enterprise's caller: not listed, not found.
      const otherList = await call(other, 'GET', DATA_PORTAL_PATHS.datasets);
      expect((otherList.json().data as DatasetSummary[]).map((x) => x.id)).not.toContain(d.id);
      expect((await call(other, 'GET', at(DATA_PORTAL_PATHS.dataset, d.id))).statusCode).toBe(404);
      const stolen = await call(other, 'POST', DATA_PORTAL_PATHS.query, { dataset: d.id, dimensions: ['c2'], measures: ['c6'] });
      expect(stolen.statusCode).toBe(404);
      expect(stolen.body).not.toContain('上海');
    });

    it('caches an uploaded aggregate until the dataset changes, then computes it afresh', async () => {
      const d = await storeStock();
      const ask = async () => {
        const res = await call(admin, 'POST', DATA_PORTAL_PATHS.query, { dataset: d.id, dimensions: ['c2'], measures: ['c6'] });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as DataQueryResult;
      };
      const first = await ask();
      expect(first.rows.length).toBeGreaterThan(1);
      // A row changed behind the data version's back (its triggers off): the answer is still the cached one.
      await t()
        .database.db.transaction()
        .execute(async (trx) => {
          await sql`SET LOCAL session_replication_role = replica`.execute(trx);
          await sql`UPDATE uploaded_dataset_rows SET cells = jsonb_set(cells, '{5}', '1') WHERE dataset_id = ${d.id}`.execute(trx);
        });
      expect(await ask()).toEqual(first);
      const next = ['日期,省份,仓库,品类,库存重量（吨）,货值（元）', '2026-04-01,四川,成都仓,螺纹钢,10,40000'].join('\n');
      expect((await send(admin, at(P.refresh, d.id), '四月.csv', next)).statusCode).toBe(200);
      const after = await ask();
      expect(after.rows).toEqual([{ keys: ['四川'], values: [40000] }]);
    });
  });

  describe('permissions and enterprises', () => {
    it('lets a reader read but not change, and refuses a user without the data-portal permission', async () => {
      const d = await storeStock();
      expect((await call(reader, 'GET', at(P.item, d.id))).statusCode).toBe(200);
      expect((await send(reader, P.preview, 'a.csv', STOCK_CSV)).statusCode).toBe(403);
      expect((await call(reader, 'DELETE', at(P.item, d.id))).statusCode).toBe(403);
      expect((await call(reader, 'PUT', at(P.item, d.id), { name: 'x', columns: edits(d.columns) })).statusCode).toBe(403);
      expect((await send(reader, at(P.refresh, d.id), 'a.csv', STOCK_CSV)).statusCode).toBe(403);
      expect((await call(outsider, 'GET', P.list)).statusCode).toBe(403);
      expect((await call(outsider, 'GET', at(P.item, d.id))).statusCode).toBe(403);
    });

    it("never shows or changes another enterprise's dataset", async () => {
      const d = await storeStock();
      const before = await rowsOf(d.id);
      const list = await call(other, 'GET', P.list);
      expect(list.statusCode).toBe(200);
      expect((list.json().data as { id: string }[]).map((x) => x.id)).not.toContain(d.id);
      expect((await call(other, 'GET', at(P.item, d.id))).statusCode).toBe(404);
      expect((await call(other, 'PUT', at(P.item, d.id), { name: '偷改', columns: edits(d.columns) })).statusCode).toBe(404);
      expect((await send(other, at(P.refresh, d.id), '库存.csv', STOCK_CSV)).statusCode).toBe(404);
      expect((await call(other, 'DELETE', at(P.item, d.id))).statusCode).toBe(404);
      expect(await rowsOf(d.id)).toEqual(before);
      const mine = await call(admin, 'GET', at(P.item, d.id));
      expect((mine.json().data as UploadedDataset).name).toBe('各省库存');
      // Its own upload is its own.
      const p = await preview('库存.csv', STOCK_CSV);
      const own = await store('库存.csv', STOCK_CSV, 'A 的库存', edits(p.columns), other);
      expect((await call(admin, 'GET', at(P.item, own.id))).statusCode).toBe(404);
    });
  });
});
