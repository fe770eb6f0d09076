// Company risk records of one enterprise: stored `details` are read through the type's schema, so every record
// leaves the server in the shape its dialog table expects (missing text → '', missing amount → null).
import { sql, type Kysely } from 'kysely';
import { RISK_TYPE_CODES, RISK_TYPE_COLUMNS, RISK_TYPE_TITLES, type CompanyRiskRecord, type RiskType } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { fetchPage, matchingAny, type PageWindow, type Paged } from '../../lib/paging.js';

const isRiskType = (n: number): n is RiskType => (RISK_TYPE_CODES as number[]).includes(n);

/** The known fields of a type, each coerced to its column's kind; unknown fields are dropped. */
export function normaliseDetails(type: RiskType, raw: unknown): Record<string, string | number | null> {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: Record<string, string | number | null> = {};
  for (const { key, kind } of RISK_TYPE_COLUMNS[type]) {
    const v = source[key];
    if (kind === 'amount') {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      out[key] = Number.isFinite(n) ? n : null;
    } else {
      out[key] = v === undefined || v === null ? '' : String(v);
    }
  }
  return out;
}

type RiskRow = { id: number; company_name: string; risk_type: number; warn_date: string; warn_rule: string; details: unknown };
const RISK_COLUMNS = ['id', 'company_name', 'risk_type', 'warn_date', 'warn_rule', 'details'] as const;

export function toRecord(r: RiskRow): CompanyRiskRecord | undefined {
  if (!isRiskType(r.risk_type)) return undefined;
  return {
    id: r.id,
    companyName: r.company_name,
    warnDate: r.warn_date,
    warnRule: r.warn_rule,
    riskType: r.risk_type,
    details: normaliseDetails(r.risk_type, r.details),
  } as CompanyRiskRecord;
}

/** Records of a type this product knows (others are not shown). */
const isKnown = (r: CompanyRiskRecord | undefined): r is CompanyRiskRecord => r !== undefined;

export async function pageCompanyRisks(
  db: Kysely<DB>,
  f: { enterpriseId: string; riskType: RiskType | undefined; blurry: string | undefined },
  w: PageWindow,
): Promise<Paged<CompanyRiskRecord>> {
  let q = db.selectFrom('company_risks').where('enterprise_id', '=', f.enterpriseId);
  if (f.riskType !== undefined) q = q.where('risk_type', '=', f.riskType);
  q = matchingAny(q, f.blurry, ['company_name']);
  const page = await fetchPage(db, q, (p) => p.select(RISK_COLUMNS).orderBy('warn_date', 'desc').orderBy('id', 'desc'), w, toRecord);
  return { total: page.total, content: page.content.filter(isKnown) };
}

export async function riskSummary(
  db: Kysely<DB>,
  enterpriseId: string,
): Promise<{ riskType: number; title: string; count: number; latestWarnDate: string | null }[]> {
  const rows = await db
    .selectFrom('company_risks')
    .select(['risk_type', sql<number>`count(*)::int`.as('n'), sql<string>`max(warn_date)::text`.as('latest')])
    .where('enterprise_id', '=', enterpriseId)
    .groupBy('risk_type')
    .execute();
  const byType = new Map(rows.map((r) => [r.risk_type, r]));
  return RISK_TYPE_CODES.map((t) => ({
    riskType: t,
    title: RISK_TYPE_TITLES[t],
    count: byType.get(t)?.n ?? 0,
    latestWarnDate: byType.get(t)?.latest ?? null,
  }));
}

/** The records behind one warning: same enterprise, day and rule (and company, when given). */
export async function warningRecords(
  db: Kysely<DB>,
  f: { enterpriseId: string; warnDate: string; warnRule: string; companyName: string | undefined },
): Promise<CompanyRiskRecord[]> {
  let q = db
    .selectFrom('company_risks')
    .select(RISK_COLUMNS)
    .where('enterprise_id', '=', f.enterpriseId)
    .where('warn_date', '=', f.warnDate)
    .where('warn_rule', '=', f.warnRule);
  if (f.companyName) q = q.where('company_name', '=', f.companyName);
  // A warning is about one day's records: bounded, but keep a hard cap all the same.
  const rows = await q.orderBy('id').limit(1000).execute();
  return rows.map(toRecord).filter(isKnown);
}
