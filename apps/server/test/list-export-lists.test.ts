// "导出 Excel" of the customers, the product catalogue, the signings, the caller's warning messages, the enterprise's in-storage notices and
// delivery applications, the users and the company risk records: each workbook holds what its list call answers for the same filter (every
// column, titles as sent, codes as their labels), under its list's permission, and another enterprise's customers
// never appear.
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import {
  COMPANY_RISK_EXPORT,
  CUSTOMER_EXPORT,
  CUSTOMER_PATHS,
  DELIVERY_APPLICATION_EXPORT,
  ENTERPRISE_NOTICE_EXPORT,
  PRODUCT_EXPORT,
  SIGNING_EXPORT,
  USER_EXPORT,
  WARNING_MESSAGE_EXPORT,
  applicationExportRow,
  customerExportRow,
  listExportPath,
  noticeExportRow,
  orgCodeCheckChar,
  usccCheckChar,
  userExportRow,
  type CustomerRow,
  type DeliveryApplication,
  type EnterpriseNotice,
  type ListExport,
  type SystemUser,
  type WarningMessage,
  type CompanyRiskRecord,
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

/** The workbook's first sheet as its name, header and rows of cell values (an empty cell as null). */
async function readSheet(body: Buffer, width: number) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  ws.eachRow((row) => rows.push(Array.from({ length: width }, (_, i) => (row.values as ExcelJS.CellValue[])[i + 1] ?? null)));
  return { name: ws.name, header: rows[0] ?? [], rows: rows.slice(1) };
}

/** What a row's cells must be, column by column, as the list call answered the row (titlesOf's labels). */
function expectedCells(spec: ListExport<never>, row: Record<string, unknown>): unknown[] {
  return spec.columns.map((c) => {
    const v = row[c.key];
    if (v === null || v === undefined || v === '') return null;
    switch (c.kind) {
      case 'code':
        return Array.isArray(v) ? v.map((code) => `L:${String(code)}`).join('、') : `L:${String(v)}`;
      case 'date': {
        const day = /^\d{4}-\d{2}-\d{2}/.exec(String(v))![0];
        return String(v).length === 10 ? new Date(`${day}T00:00:00Z`) : new Date(`${cstIso(String(v)).slice(0, 10)}T00:00:00Z`);
      }
      case 'datetime':
        return new Date(Date.parse(String(v)) + 8 * 3600_000);
      default:
        return v;
    }
  });
}
const cstIso = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString();

/** A valid unified social credit code for `n` (Shanghai, enterprise). */
function makeUscc(n: number): string {
  const org = String(n).padStart(8, '0');
  const first17 = `91310000${org}${orgCodeCheckChar(org)}`;
  return `${first17}${usccCheckChar(first17)}`;
}

describeEachDatabase('list export of customers, products, warehouse flows, users and warnings', (t) => {
  const http = api(t);
  let a: TestSession;
  let b: TestSession;
  let admin: TestSession;
  const tag = `EXL${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const exportOf = (s: TestSession, spec: ListExport<never>, filter: Json, sheet = '导出') =>
    t().app.inject({
      method: 'POST',
      url: listExportPath(spec.list),
      headers: s.headers,
      payload: { filter, titles: titlesOf(spec, sheet) },
    });
  /** Exports `filter` and compares the workbook with the list call's rows (`mapped` as the export writes them). */
  const compare = async <Row>(s: TestSession, spec: ListExport<never>, filter: Json, mapped: (row: Row) => object) => {
    const list = await http.get(s, spec.list, { ...filter, pageSize: 100 });
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data as { content: Row[]; totalElements: number };
    const res = await exportOf(s, spec, filter, '列表');
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readSheet(res.rawPayload, spec.columns.length);
    expect(sheet.name).toBe('列表');
    expect(sheet.header).toEqual(spec.columns.map((c) => `T:${c.key}`));
    expect(sheet.rows).toHaveLength(data.totalElements);
    expect(sheet.rows.slice(0, 100)).toEqual(data.content.map((r) => expectedCells(spec, mapped(r) as Record<string, unknown>)));
    return { sheet, list: data };
  };

  beforeAll(async () => {
    [a, b, admin] = await Promise.all([t().enter('demo-a-staff'), t().enter('demo-b-staff'), t().enter('demo-admin')]);
  });

  it('writes the customers the list shows (region and first contact as the list shows them), never another enterprise’s', async () => {
    const customer = (n: number, contacts: Json[]) => ({
      name: `${tag} 客户${n}有限公司`,
      creditCode: makeUscc(700000 + n),
      legalRepresentative: `法人${n}`,
      addressCode: '310000,310100,310115',
      province: '上海市',
      city: '市辖区',
      area: '浦东新区',
      detailedAddress: `世纪大道 ${n} 号`,
      contacts,
    });
    for (const [s, n, contacts] of [
      [
        a,
        1,
        [
          { name: '王经理', phone: '13900001111' },
          { name: '副联系人', phone: '021-55556666' },
        ],
      ],
      [a, 2, []],
      [b, 3, [{ name: '乙方联系人', phone: '13800002222' }]],
    ] as const) {
      const res = await http.post(s, CUSTOMER_PATHS.list, customer(n, [...contacts]));
      expect(res.statusCode, res.body).toBe(200);
    }
    const spec = CUSTOMER_EXPORT as unknown as ListExport<never>;
    const { sheet } = await compare<CustomerRow>(a, spec, { search: tag }, customerExportRow);
    expect(sheet.rows).toHaveLength(2);
    const first = sheet.rows.find((r) => r[0] === `${tag} 客户1有限公司`)!;
    // Region, contact name and phone: the list's row shows them as one line and one contact.
    expect(first.slice(3, 7)).toEqual(['上海市 浦东新区', '世纪大道 1 号', '王经理', '13900001111']);
    expect(JSON.stringify(sheet.rows)).not.toContain('客户3');

    // Enterprise B exports the same filter: only its own customer.
    const theirs = await compare<CustomerRow>(b, spec, { search: tag }, customerExportRow);
    expect(theirs.sheet.rows.map((r) => r[0])).toEqual([`${tag} 客户3有限公司`]);
  });

  it('writes the product catalogue and the enterprise’s signings as their lists answer them', async () => {
    const products = await compare(a, PRODUCT_EXPORT as unknown as ListExport<never>, {}, (p: object) => p);
    expect(products.list.totalElements).toBeGreaterThan(0);
    // A filter of the list narrows the export the same way.
    const kind = products.list.content[0] as { kind: string };
    const narrowed = await compare(a, PRODUCT_EXPORT as unknown as ListExport<never>, { kind: kind.kind }, (p: object) => p);
    expect(new Set(narrowed.sheet.rows.map((r) => r[2]))).toEqual(new Set([`L:${kind.kind}`]));

    const signings = await compare(a, SIGNING_EXPORT as unknown as ListExport<never>, {}, (p: object) => p);
    expect(signings.list.totalElements).toBeGreaterThan(0);
    const theirs = await compare(b, SIGNING_EXPORT as unknown as ListExport<never>, {}, (p: object) => p);
    // Signing numbers are per enterprise: the two lists are told apart by whole rows (times, projects, contracts).
    const mine = new Set(signings.sheet.rows.map((r) => JSON.stringify(r)));
    expect(theirs.sheet.rows.filter((r) => mine.has(JSON.stringify(r)))).toEqual([]);
  });

  it('writes the enterprise’s in-storage notices and delivery applications with their goods as one line', async () => {
    const notices = await compare<EnterpriseNotice>(a, ENTERPRISE_NOTICE_EXPORT as unknown as ListExport<never>, {}, noticeExportRow);
    expect(notices.list.totalElements).toBeGreaterThan(0);
    const n = notices.list.content[0]!;
    expect(notices.sheet.rows[0]![7]).toBe(n.inStorageNoticeGoods.map((g) => `${g.goodsName} ×${g.weight}`).join('；'));
    const applications = await compare<DeliveryApplication>(
      a,
      DELIVERY_APPLICATION_EXPORT as unknown as ListExport<never>,
      {},
      applicationExportRow,
    );
    expect(applications.list.totalElements).toBeGreaterThan(0);
    // The list's status filter holds in the export.
    const status = notices.list.content[0]!.status;
    const filtered = await compare<EnterpriseNotice>(
      a,
      ENTERPRISE_NOTICE_EXPORT as unknown as ListExport<never>,
      { status },
      noticeExportRow,
    );
    expect(new Set(filtered.sheet.rows.map((r) => r[8]))).toEqual(new Set([`L:${status}`]));
  });

  it('writes the users of the admin’s enterprise with kind and roles as labels; the export is the admin’s only', async () => {
    const users = await compare<SystemUser>(admin, USER_EXPORT as unknown as ListExport<never>, {}, userExportRow);
    expect(users.list.totalElements).toBeGreaterThan(0);
    const withRoles = users.list.content.find((u) => u.roles.length > 1) ?? users.list.content[0]!;
    const row = users.sheet.rows.find((r) => r[1] === withRoles.userName)!;
    expect(row[5]).toBe(withRoles.roles.map((r) => `L:${r}`).join('、'));

    for (const s of [a, b]) {
      const list = await http.get(s, USER_EXPORT.list, {});
      const res = await exportOf(s, USER_EXPORT as unknown as ListExport<never>, {});
      expect(list.statusCode).toBe(403);
      expect(res.statusCode).toBe(403);
    }
  });
  it('writes every one of the caller’s warning messages (the list pages five at a time by pageNum), marking none read', async () => {
    const spec = WARNING_MESSAGE_EXPORT as unknown as ListExport<never>;
    const unreadBefore = (await http.get(a, spec.list, {})).json().data.unreadCount as number;
    // The list's pages of five, walked by pageNum: the export holds them all, in the list's order.
    const listed: WarningMessage[] = [];
    for (let pageNum = 0; ; pageNum++) {
      const page = (await http.get(a, spec.list, { pageNum })).json().data as { content: WarningMessage[]; totalElements: number };
      listed.push(...page.content);
      if (listed.length >= page.totalElements || page.content.length === 0) break;
    }
    expect(listed.length).toBeGreaterThan(5);
    const res = await exportOf(a, spec, { userId: a.user.userId, pageNum: 1 }, '预警消息');
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readSheet(res.rawPayload, spec.columns.length);
    expect(sheet.header).toEqual(spec.columns.map((c) => `T:${c.key}`));
    expect(sheet.rows).toEqual(listed.map((m) => expectedCells(spec, m as unknown as Record<string, unknown>)));
    expect(new Set(sheet.rows.map((r) => r[5]))).toEqual(new Set(['L:true', 'L:false']));
    expect((await http.get(a, spec.list, {})).json().data.unreadCount).toBe(unreadBefore);

    // Another user's messages: refused as the list refuses them.
    const other = await exportOf(a, spec, { userId: 'demo-admin' });
    expect(other.statusCode).toBe((await http.get(a, spec.list, { userId: 'demo-admin' })).statusCode);
    expect(other.statusCode).toBe(403);
  });

  it('writes the company risk records the risk view lists, with the type as its label, filtered as the list is', async () => {
    const spec = COMPANY_RISK_EXPORT as unknown as ListExport<never>;
    const all = await compare<CompanyRiskRecord>(a, spec, {}, (r) => r);
    expect(all.list.totalElements).toBeGreaterThan(0);
    const type = all.list.content[0]!.riskType;
    const ofType = await compare<CompanyRiskRecord>(a, spec, { riskType: type }, (r) => r);
    expect(new Set(ofType.sheet.rows.map((r) => r[1]))).toEqual(new Set([`L:${type}`]));
    // Enterprise B's export holds only B's records: none of A's companies that B does not also watch.
    const theirs = await compare<CompanyRiskRecord>(b, spec, {}, (r) => r);
    const mine = new Set(all.list.content.map((r) => r.id));
    expect(theirs.list.content.every((r) => !mine.has(r.id))).toBe(true);
  });
});
