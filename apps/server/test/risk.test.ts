// Company risk records: every one of the 13 types leaves the server in its type's shape (the dialog table's
// columns), the risk view lists them by type, and another enterprise's records are invisible.
import { expect, it } from 'vitest';
import {
  ALERT_PATHS,
  CompanyRiskRecordSchema,
  RISK_DETAIL_SCHEMAS,
  RISK_PATHS,
  RISK_TYPE_CODES,
  RISK_TYPE_COLUMNS,
  RISK_TYPE_TITLES,
  type CompanyRiskRecord,
} from '@tfb/contract';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Reply<T> = { code: number; message: string; data: T };
type Page<T> = { content: T[]; totalElements: number };

it('the contract has a title, a details schema and columns for each of the 13 types', () => {
  expect(RISK_TYPE_CODES).toEqual([17, 18, 19, 20, 21, 22, 23, 24, 25, 27, 28, 29, 30]);
  for (const type of RISK_TYPE_CODES) {
    expect(RISK_TYPE_TITLES[type]).toMatch(/\p{Script=Han}/u);
    const columns = RISK_TYPE_COLUMNS[type];
    expect(columns.length).toBeGreaterThanOrEqual(3);
    expect(columns.map((c) => c.key).sort()).toEqual(Object.keys(RISK_DETAIL_SCHEMAS[type].shape).sort());
  }
  expect(RISK_TYPE_COLUMNS[23].map((c) => c.title)).toEqual(['案号', '法院', '原告', '被告', '开庭日期']);
  expect(RISK_TYPE_COLUMNS[18].map((c) => c.title)).toEqual(['登记编号', '抵押权人', '被担保债权数额(元)', '登记日期', '状态']);
});

describeEachDatabase('company risk records', (t) => {
  let staff: TestSession;
  let bStaff: TestSession;

  const get = async <T>(s: TestSession, url: string, query: Record<string, unknown> = {}) => {
    const res = await t().app.inject({
      method: 'GET',
      url,
      headers: s.headers,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    return { status: res.statusCode, body: res.json() as Reply<T> };
  };

  it.each(RISK_TYPE_CODES)('type %i: records carry every column of the type, in the type’s shape', async (type) => {
    staff ??= await t().enter('demo-a-staff');
    const r = await get<Page<CompanyRiskRecord>>(staff, RISK_PATHS.page, { riskType: type, pageNumber: 0, pageSize: 100 });
    expect(r.status).toBe(200);
    const stored = await t()
      .database.db.selectFrom('company_risks')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .where('risk_type', '=', type)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(r.body.data.totalElements).toBe(stored.length);
    for (const record of r.body.data.content) {
      expect(record.riskType).toBe(type);
      expect(CompanyRiskRecordSchema.parse(record)).toEqual(record);
      const details = RISK_DETAIL_SCHEMAS[type].parse(record.details) as Record<string, unknown>;
      for (const col of RISK_TYPE_COLUMNS[type]) {
        const v = details[col.key];
        if (col.kind === 'amount') expect(typeof v).toBe('number');
        else if (col.kind === 'date') expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        else expect(String(v).length).toBeGreaterThan(0);
      }
    }
    // The dialog for this type: earlyWarningInfo with one record's day and rule.
    const one = r.body.data.content[0]!;
    const info = await get<{ riskType: number; title: string; warnList: CompanyRiskRecord[] }>(staff, ALERT_PATHS.info, {
      warnDate: one.warnDate,
      warnRule: one.warnRule,
    });
    expect(info.body.data.riskType).toBe(type);
    expect(info.body.data.title).toBe(RISK_TYPE_TITLES[type]);
    expect(info.body.data.warnList.map((w) => w.id)).toContain(one.id);
  });

  it('the risk view summary counts every type; the list is newest first and filters by company', async () => {
    bStaff = await t().enter('demo-b-staff');
    const a = await get<{ riskType: number; title: string; count: number; latestWarnDate: string | null }[]>(staff, RISK_PATHS.summary);
    expect(a.body.data.map((s) => s.riskType)).toEqual(RISK_TYPE_CODES);
    expect(a.body.data.every((s) => s.count > 0 && s.title === RISK_TYPE_TITLES[s.riskType as keyof typeof RISK_TYPE_TITLES])).toBe(true);
    const b = await get<{ riskType: number; count: number }[]>(bStaff, RISK_PATHS.summary);
    const bStored = await t().database.db.selectFrom('company_risks').select('risk_type').where('enterprise_id', '=', 'ent-b').execute();
    expect(b.body.data.reduce((n, s) => n + s.count, 0)).toBe(bStored.length);
    expect(b.body.data.some((s) => s.count === 0)).toBe(true);

    const all = await get<Page<CompanyRiskRecord>>(staff, RISK_PATHS.page, { pageSize: 1000 });
    const dates = all.body.data.content.map((r) => r.warnDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const company = all.body.data.content[0]!.companyName;
    const byCompany = await get<Page<CompanyRiskRecord>>(staff, RISK_PATHS.page, { blurry: company.slice(0, 4) });
    expect(byCompany.body.data.content.every((r) => r.companyName.includes(company.slice(0, 4)))).toBe(true);

    const bAll = await get<Page<CompanyRiskRecord>>(bStaff, RISK_PATHS.page, { pageSize: 1000 });
    const aIds = new Set(all.body.data.content.map((r) => r.id));
    expect(bAll.body.data.content.some((r) => aIds.has(r.id))).toBe(false);
  });

  it('an unknown type or bad paging is a 400', async () => {
    for (const q of [{ riskType: 26 }, { riskType: 'blacklist' }, { riskType: 17.5 }, { pageNumber: -1 }, { blurry: 'x\u0000' }]) {
      const r = await get(staff, RISK_PATHS.page, q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.body.code).toBe(40000);
    }
  });

  it('stored details with missing or extra fields still leave in the type’s shape', async () => {
    const row = await t()
      .database.db.insertInto('company_risks')
      .values({
        enterprise_id: 'ent-a',
        company_name: '测试异常数据有限公司',
        risk_type: 24,
        warn_date: '2026-11-19',
        warn_rule: '企业被列为被执行人',
        details: JSON.stringify({ caseNumber: '（2026）测执1号', amount: '12000.5', unexpected: true }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await get<Page<CompanyRiskRecord>>(staff, RISK_PATHS.page, { riskType: 24, blurry: '测试异常数据' });
    expect(r.body.data.content).toHaveLength(1);
    expect(r.body.data.content[0]).toMatchObject({
      id: row.id,
      details: { caseNumber: '（2026）测执1号', court: '', amount: 12000.5, filingDate: '' },
    });
    expect(r.body.data.content[0]!.details).not.toHaveProperty('unexpected');
  });
});
