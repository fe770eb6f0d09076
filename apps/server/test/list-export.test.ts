// "导出 Excel" of the lists: the workbook holds what the list call answers for the same filter (titles as sent, codes
// as their labels, amounts as numbers, dates as Excel dates in China Standard Time), walked page by page past the
// first thousand rows; more than EXPORT_MAX_ROWS rows are refused before anything is streamed; each export takes
// its list's permission, and another enterprise's rows never appear.
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import {
  BUSINESS_PATHS,
  CONTRACT_EXPORT,
  EXPORT_FORMATS,
  EXPORT_MAX_ROWS,
  GOODS_EXPORT,
  IN_STORAGE_ORDER_EXPORT,
  IN_STORAGE_NOTICE_EXPORT,
  DELIVERY_INSTRUCTION_EXPORT,
  OUTBOUND_ORDER_EXPORT,
  LIST_EXPORTS,
  LIST_EXPORT_MESSAGES,
  contentExport,
  PROJECT_EXPORT,
  listExportPath,
  type ListExport,
} from '@tfb/contract';
import { api, type Json } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

/** Titles as a user's page sends them: every column titled "T:<key>", every code labelled "L:<code>". */
const titlesOf = (spec: ListExport<never>, sheet: string) => ({
  sheet,
  columns: Object.fromEntries(spec.columns.map((c) => [c.key, `T:${c.key}`])),
  labels: Object.fromEntries(
    spec.columns.filter((c) => c.labels).map((c) => [c.key, Object.fromEntries(c.labels!.map((l) => [String(l.code), `L:${l.code}`]))]),
  ),
});

/** The workbook's first sheet as its header and its rows of cell values. */
async function readSheet(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  ws.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  const formats = (ws.getRow(2).values as unknown[]).slice(1).map((_, i) => ws.getRow(2).getCell(i + 1).numFmt);
  return { name: ws.name, header: rows[0] ?? [], rows: rows.slice(1), formats };
}

/** A wire time as the Excel date of its China Standard Time wall clock. */
const cst = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000);

describeEachDatabase('list export', (t) => {
  const http = api(t);
  let a: TestSession;
  let b: TestSession;
  const tag = `EXP${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const exportOf = (s: TestSession, spec: ListExport<never>, filter: Json, sheet = '导出') =>
    t().app.inject({
      method: 'POST',
      url: listExportPath(spec.list),
      headers: s.headers,
      payload: { filter, titles: titlesOf(spec, sheet) },
    });

  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
  });

  it('writes the contracts the list shows, with titles, labels, numbers and dates as cells', async () => {
    const contract = (i: number, contractType: string) => ({
      contractType,
      contractName: `${tag} 合同${i}`,
      enterpriseName: '华东买方',
      money: 1234.5 + i,
      signDate: `2026-03-0${i + 1}`,
    });
    for (let i = 0; i < 3; i++) await http.create(a, BUSINESS_PATHS.contracts, contract(i, 'MLZZHFWPT_CONTACTTYPE_XSHT'));
    await http.create(a, BUSINESS_PATHS.contracts, { ...contract(5, 'MLZZHFWPT_CONTACTTYPE_CGHT'), status: 'submitted' });
    await http.create(b, BUSINESS_PATHS.contracts, contract(7, 'MLZZHFWPT_CONTACTTYPE_XSHT'));

    const filter = { search: tag, contractType: 'MLZZHFWPT_CONTACTTYPE_XSHT' };
    const list = (await http.get(a, BUSINESS_PATHS.contracts, { ...filter, pageSize: 50 })).json().data;
    expect(list.totalElements).toBe(3);
    const res = await exportOf(a, CONTRACT_EXPORT as ListExport<never>, filter, '销售合同');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''%E9%94%80%E5%94%AE%E5%90%88%E5%90%8C_\d{8}\.xlsx$/,
    );

    const sheet = await readSheet(res.rawPayload);
    expect(sheet.name).toBe('销售合同');
    expect(sheet.header).toEqual(CONTRACT_EXPORT.columns.map((c) => `T:${c.key}`));
    type Row = {
      code: string;
      contractRelevanceCode: string;
      contractName: string;
      enterpriseName: string;
      money: number;
      signDate: string;
      status: string;
      createTime: string;
      updateTime: string;
    };
    const expected = (list.content as Row[]).map((r) => [
      r.code,
      r.contractRelevanceCode === '' ? null : r.contractRelevanceCode,
      'L:MLZZHFWPT_CONTACTTYPE_XSHT',
      r.contractName,
      r.enterpriseName,
      r.money,
      new Date(`${r.signDate}T00:00:00Z`),
      `L:${r.status}`,
      cst(r.createTime),
      cst(r.updateTime),
    ]);
    // ExcelJS reads an empty string cell back as absent.
    expect(sheet.rows.map((row) => CONTRACT_EXPORT.columns.map((_, i) => row[i] ?? null))).toEqual(expected);
    expect(typeof sheet.rows[0]![5]).toBe('number');
    expect(sheet.rows[0]![6]).toBeInstanceOf(Date);
    expect(sheet.formats.slice(5, 7)).toEqual([EXPORT_FORMATS.money, EXPORT_FORMATS.date]);
    expect(sheet.formats[8]).toBe(EXPORT_FORMATS.datetime);
    expect(JSON.stringify(sheet.rows)).not.toContain('合同7');

    // B exports the same filter: only its own contract.
    const theirs = await readSheet((await exportOf(b, CONTRACT_EXPORT as ListExport<never>, filter)).rawPayload);
    expect(theirs.rows).toHaveLength(1);
    expect(theirs.rows[0]![3]).toBe(`${tag} 合同7`);
  });

  it('walks past the first page, refuses more than the cap before streaming, and reads only the caller’s rows', async () => {
    const big = `${tag}BIG`;
    const few = `${tag}FEW`;
    const db = t().database.db;
    const insert = (enterpriseId: string, name: string, n: number, from: number) =>
      sql`INSERT INTO projects (enterprise_id, project_code, project_name, type, enterprise_name, supplier_name)
          SELECT ${enterpriseId}, ${name} || '-' || g, ${name} || ' ' || g, 1 + g % 2, '买方', '卖方'
          FROM generate_series(${from}::int, ${from + n - 1}::int) AS g`.execute(db);
    await insert('ent-a', big, EXPORT_MAX_ROWS + 1, 1);
    await insert('ent-a', few, 2_345, 1);
    await insert('ent-b', few, 10, 5_000);

    const tooMany = await exportOf(a, PROJECT_EXPORT as ListExport<never>, { search: big });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.headers['content-type']).toMatch(/application\/json/);
    expect(tooMany.json()).toMatchObject({ message: LIST_EXPORT_MESSAGES.tooManyRows });
    expect(LIST_EXPORT_MESSAGES.tooManyRows).toBe('导出数据超过 100,000 行，请缩小查询范围');

    const res = await exportOf(a, PROJECT_EXPORT as ListExport<never>, { search: few, type: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    const list = (await http.get(a, BUSINESS_PATHS.projects, { search: few, type: 2, pageSize: 1000 })).json().data;
    expect(list.totalElements).toBe(1_173);
    expect(sheet.rows).toHaveLength(1_173);
    // The list's order, across the export's pages (1,000 rows each).
    expect(sheet.rows.slice(0, 1000).map((r) => r[0])).toEqual(list.content.map((r: { projectCode: string }) => r.projectCode));
    const last = (await http.get(a, BUSINESS_PATHS.projects, { search: few, type: 2, pageSize: 1000, pageNumber: 1 })).json().data;
    expect(sheet.rows.slice(1000).map((r) => r[0])).toEqual(last.content.map((r: { projectCode: string }) => r.projectCode));
    expect(new Set(sheet.rows.map((r) => r[2]))).toEqual(new Set(['L:2']));
    expect(sheet.rows.some((r) => Number(String(r[0]).split('-').at(-1)) >= 5_000)).toBe(false);
  }, 120_000);

  it('writes the goods catalogue the goods list shows (a list served with and without /api)', async () => {
    const list = (await http.get(a, GOODS_EXPORT.list, { pageSize: 100 })).json().data;
    expect(list.totalElements).toBeGreaterThan(0);
    const res = await exportOf(a, GOODS_EXPORT as ListExport<never>, {}, '货品目录');
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    type Row = { goodsNumber: string; goodsName: string; weight: number | null; goodsPrice: number | null };
    expect(sheet.rows).toHaveLength(list.totalElements);
    expect(sheet.rows.slice(0, 100).map((r) => [r[0], r[1], r[6] ?? null, r[8] ?? null])).toEqual(
      (list.content as Row[]).map((g) => [g.goodsNumber, g.goodsName, g.weight, g.goodsPrice]),
    );
    const theirs = (await http.get(b, GOODS_EXPORT.list, { pageSize: 100 })).json().data;
    const theirSheet = await readSheet((await exportOf(b, GOODS_EXPORT as ListExport<never>, {})).rawPayload);
    expect(theirSheet.rows).toHaveLength(theirs.totalElements);
    expect(theirSheet.rows.slice(0, 100).map((r) => r[0])).toEqual(theirs.content.map((g: Row) => g.goodsNumber));
    // Goods numbers are per enterprise: the two catalogues are told apart by what they hold.
    expect(theirSheet.rows).not.toEqual(sheet.rows);
  });

  it('writes the warehouse order lists as their list calls answer them', async () => {
    for (const spec of [IN_STORAGE_ORDER_EXPORT, OUTBOUND_ORDER_EXPORT] as unknown as ListExport<never>[]) {
      const list = (await http.get(a, spec.list, { pageSize: 100 })).json().data;
      expect(list.totalElements, spec.list).toBeGreaterThan(0);
      const res = await exportOf(a, spec, {}, '单据');
      expect(res.statusCode, res.body).toBe(200);
      const sheet = await readSheet(res.rawPayload);
      expect(sheet.rows).toHaveLength(list.totalElements);
      type Row = { code: string; enterpriseName: string; createTime: string; goodsCount: number };
      expect(sheet.rows.slice(0, 100).map((r) => [r[0], r[3], r[7], r[12]])).toEqual(
        (list.content as Row[]).map((o) => [o.code, o.enterpriseName, o.goodsCount, cst(o.createTime)]),
      );
      const theirs = await readSheet((await exportOf(b, spec, {})).rawPayload);
      const mine = new Set(sheet.rows.map((r) => r[0]));
      expect(theirs.rows.filter((r) => mine.has(r[0]))).toEqual([]);
    }
  });

  it('writes the regulated-warehouse list tabs with the list’s scope rules', async () => {
    for (const spec of [IN_STORAGE_NOTICE_EXPORT, DELIVERY_INSTRUCTION_EXPORT] as unknown as ListExport<never>[]) {
      const list = (await http.get(a, spec.list, { pageSize: 100, scope: 'operator' })).json().data;
      expect(list.totalElements, spec.list).toBeGreaterThan(0);
      const res = await exportOf(a, spec, { scope: 'operator' }, '单据');
      expect(res.statusCode, res.body).toBe(200);
      const sheet = await readSheet(res.rawPayload);
      expect(sheet.rows).toHaveLength(list.totalElements);
      type Row = { code: string; enterpriseName: string; goodsCount: number };
      expect(sheet.rows.slice(0, 100).map((r) => [r[0], r[2], r[6]])).toEqual(
        (list.content as Row[]).map((o) => [o.code, o.enterpriseName, o.goodsCount]),
      );
      // The list's own refusals hold: another warehouse than the caller's in the second list.
      const other = await exportOf(a, spec, { scope: 'warehouse', warehouseId: 999999 });
      const otherList = await http.get(a, spec.list, { scope: 'warehouse', warehouseId: 999999 });
      expect(other.statusCode).toBe(otherList.statusCode);
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('writes a portal content list of either site as its list call answers it', async () => {
    const editor = await t().enter('demo-portal-admin');
    for (const spec of [
      contentExport('portalWebsite', 'article'),
      contentExport('portalWebsites', 'announcement'),
    ] as unknown as ListExport<never>[]) {
      const list = (await http.get(editor, spec.list, { pageSize: 100 })).json().data;
      expect(list.totalElements, spec.list).toBeGreaterThan(0);
      const res = await exportOf(editor, spec, {}, '内容');
      expect(res.statusCode, res.body).toBe(200);
      const sheet = await readSheet(res.rawPayload);
      expect(sheet.rows).toHaveLength(list.totalElements);
      type Row = { title: string; status: string; version: number; updateTime: string };
      expect(sheet.rows.slice(0, 100).map((r) => [r[0], r[2], r[6], r[8]])).toEqual(
        (list.content as Row[]).map((c) => [c.title, `L:${c.status}`, c.version, cst(c.updateTime)]),
      );
    }
  });

  it('refuses a bad filter or missing titles naming the field', async () => {
    const badType = await t().app.inject({
      method: 'POST',
      url: listExportPath(BUSINESS_PATHS.contracts),
      headers: a.headers,
      payload: { filter: { contractType: 'nope' }, titles: { sheet: 'x' } },
    });
    expect(badType.statusCode).toBe(400);
    expect(JSON.stringify(badType.json())).toContain('filter.contractType');
    const noTitles = await t().app.inject({
      method: 'POST',
      url: listExportPath(BUSINESS_PATHS.projects),
      headers: a.headers,
      payload: { filter: {} },
    });
    expect(noTitles.statusCode).toBe(400);
    expect(JSON.stringify(noTitles.json())).toContain('titles');
  });

  it('takes the permission of its list, for every exportable list and demo users of each kind', async () => {
    const users = [
      'demo-a-staff',
      'demo-a-approver',
      'demo-a-finance',
      'demo-warehouse-operator',
      'demo-portal-editor',
      'demo-supervisor',
      'demo-admin',
    ];
    const seen = new Set<number>();
    for (const id of users) {
      const s = await t().enter(id);
      for (const spec of Object.values(LIST_EXPORTS)) {
        // A filter narrow enough for every list (enterprise A holds more projects than the cap by now).
        const listed = await http.get(s, spec.list, { pageSize: 1, search: `${tag} 合同` });
        const exported = await exportOf(s, spec, { search: `${tag} 合同` });
        expect(exported.statusCode, `${id} ${spec.list}`).toBe(listed.statusCode === 200 ? 200 : listed.statusCode);
        seen.add(exported.statusCode);
      }
    }
    // The users cover both answers.
    expect([...seen].sort()).toEqual([200, 403]);
    const anonymous = await t().app.inject({
      method: 'POST',
      url: listExportPath(BUSINESS_PATHS.contracts),
      payload: { filter: {}, titles: { sheet: 'x' } },
    });
    expect(anonymous.statusCode).toBe(401);
  }, 120_000);
});
