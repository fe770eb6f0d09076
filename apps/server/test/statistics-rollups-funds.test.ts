// The funds rollups (migration 0035): after applications, processes and repayments are inserted, updated, deleted,
// moved or decided, also by concurrent writers, approval_daily, loan_daily and loan_balance_parts hold exactly what
// the rows give when added up directly (the balance too, whose contract totals a repayment or a decision changes);
// and the figures read from them equal those of the rows for any scope and date range.
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { PROCESS_ARCHIVE_TASK } from '@tfb/contract';
import type { DB } from '../src/db/types.js';
import { DATASET_SQL, type QueryContext } from '../src/modules/data-portal/datasets.js';
import { describeEachDatabase } from './helpers/test-app.js';

type Row = Record<string, unknown>;

const EFFECTIVE = sql`CASE WHEN l.status = 'submitted' AND pi.status IS NOT NULL
  THEN CASE pi.status WHEN 'running' THEN 'approving' WHEN 'approved' THEN 'approved' ELSE 'rejected' END ELSE l.status END`;

/** The rows of each rollup that differ from the source rows added up directly (none when exact). */
async function fundsDiff(db: Kysely<DB>): Promise<Record<string, Row[]>> {
  const approvals = await sql<Row>`
    WITH direct AS (
      SELECT enterprise_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, business_type, status, current_task_name AS stage,
             count(*) AS processes,
             sum(CASE WHEN status = 'running' THEN -extract(epoch FROM created_at) ELSE extract(epoch FROM updated_at - created_at) END) AS seconds
      FROM process_instances GROUP BY 1, 2, 3, 4, 5
    )
    SELECT d.*, k.processes AS kept_processes, k.seconds AS kept_seconds
    FROM direct d FULL JOIN approval_daily k
      ON k.enterprise_id = d.enterprise_id AND k.day = d.day AND k.business_type = d.business_type AND k.status = d.status
     AND k.stage IS NOT DISTINCT FROM d.stage
    WHERE d.processes IS DISTINCT FROM k.processes OR d.seconds IS DISTINCT FROM k.seconds`.execute(db);
  const loans = await sql<Row>`
    WITH direct AS (
      SELECT l.enterprise_id, l.create_date AS day, ${EFFECTIVE} AS status, count(*) AS applications, sum(l.loan_amount) AS amount,
             sum(CASE WHEN ${EFFECTIVE} <> 'approved' THEN 0
                      WHEN l.contract_id IS NULL OR t.approved IS NULL OR t.approved <= 0 THEN l.loan_amount
                      ELSE l.loan_amount * greatest(0, 1 - t.repaid / t.approved) END) AS balance
      FROM loan_applications l
      LEFT JOIN process_instances pi ON pi.id = l.process_instance_id
      LEFT JOIN loan_contract_totals t ON t.contract_id = l.contract_id
      GROUP BY 1, 2, 3
    )
    SELECT d.*, k.applications AS kept_applications, k.amount AS kept_amount, k.balance AS kept_balance
    FROM direct d FULL JOIN loan_daily k ON k.enterprise_id = d.enterprise_id AND k.day = d.day AND k.status = d.status
    WHERE d.applications IS DISTINCT FROM k.applications OR d.amount IS DISTINCT FROM k.amount OR d.balance IS DISTINCT FROM k.balance`.execute(
    db,
  );
  const parts = await sql<Row>`
    WITH direct AS (
      SELECT l.contract_id, l.enterprise_id, l.create_date AS day, sum(l.loan_amount) AS amount, count(*) AS applications
      FROM loan_applications l LEFT JOIN process_instances pi ON pi.id = l.process_instance_id
      WHERE l.contract_id IS NOT NULL AND ${EFFECTIVE} = 'approved'
      GROUP BY 1, 2, 3
    )
    SELECT d.*, k.amount AS kept_amount, k.applications AS kept_applications
    FROM direct d FULL JOIN loan_balance_parts k ON k.contract_key = d.contract_id AND k.enterprise_id = d.enterprise_id AND k.day = d.day
    WHERE d.amount IS DISTINCT FROM k.amount OR d.applications IS DISTINCT FROM k.applications`.execute(db);
  return { approvals: approvals.rows, loans: loans.rows, parts: parts.rows };
}

const NOW = '2030-01-01T10:00:00.000Z';
const context = (ids: string[] | null, from?: string, to?: string): QueryContext => ({
  ids,
  from,
  to,
  warehouseId: undefined,
  warehouses: [],
  now: NOW,
});

/** The figures of a dataset's rows for `dims` (as the service groups them), as sorted text lines. */
async function figures(db: Kysely<DB>, dataset: 'loans' | 'approvals', ctx: QueryContext, dims: string[], extra: string[] = []) {
  const def = DATASET_SQL[dataset];
  const measures = Object.keys(def.measures);
  const need = new Set([...dims, ...measures, ...extra]);
  const r = await sql<Row>`
    SELECT ${sql.join([
      ...dims.map((d, i) => sql`coalesce(b.${sql.ref(d)}::text, '') AS ${sql.ref(`k${i}`)}`),
      ...measures.map((m, i) => sql`${def.measures[m]!}::text AS ${sql.ref(`v${i}`)}`),
    ])}
    FROM (${def.rows(ctx, need)}) b
    ${dims.length ? sql`GROUP BY ${sql.join(dims.map((_, i) => sql.raw(String(i + 1))))}` : sql``}`.execute(db);
  return r.rows
    .map((row) =>
      Object.values(row)
        .map((v) => (/^-?\d+(\.\d+)?$/.test(String(v)) ? String(Number(v)) : v))
        .join('|'),
    )
    .sort();
}

describeEachDatabase('funds rollups', (t) => {
  const db = () => t().database.db;
  const expectExact = async () => {
    const diff = await fundsDiff(db());
    expect(diff).toEqual({ approvals: [], loans: [], parts: [] });
    const n = await sql<{
      a: number;
      l: number;
    }>`SELECT (SELECT count(*) FROM approval_daily)::int AS a, (SELECT count(*) FROM loan_daily)::int AS l`.execute(db());
    expect(n.rows[0]!.a).toBeGreaterThan(0);
    expect(n.rows[0]!.l).toBeGreaterThan(0);
  };
  const one = async <T extends Row>(q: ReturnType<typeof sql<T>>) => (await q.execute(db())).rows[0]!;

  it('are filled from the seeded rows', expectExact);

  describe('figures', () => {
    const ranges: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['2025-01-01', '2025-12-31'],
      ['2025-03-17', '2025-03-17'],
      ['2024-11-20', '2025-02-10'],
      [undefined, '2025-06-15'],
      ['2025-06-16', undefined],
    ];
    const scopes: (string[] | null)[] = [null, ['ent-a'], ['ent-b', 'ent-a']];

    it('of loans read from the rollup equal those of the application rows (the counterparty path)', async () => {
      const days = await one(
        sql<{ first: string; last: string }>`SELECT min(create_date)::text AS first, max(create_date)::text AS last FROM loan_applications`,
      );
      let compared = 0;
      for (const [from, to] of [...ranges, [days.first, days.first], [days.last, days.last]] as const) {
        for (const ids of scopes) {
          for (const dims of [[], ['status'], ['month'], ['month', 'status']]) {
            const ctx = context(ids, from, to);
            const rollup = await figures(db(), 'loans', ctx, dims);
            const raw = await figures(db(), 'loans', ctx, dims, ['counterparty']);
            expect(rollup, `${dims.join(',')} ${ids?.join(',') ?? 'all'} ${from}…${to}`).toEqual(raw);
            if (rollup.some((line) => !line.endsWith('|0'))) compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(20);
    });

    it('of approvals equal the durations of the process rows up to now', async () => {
      let compared = 0;
      for (const [from, to] of ranges) {
        for (const ids of scopes) {
          for (const dims of [[], ['businessType'], ['month', 'status'], ['stage']]) {
            const ctx = context(ids, from, to);
            const got = await figures(db(), 'approvals', ctx, dims);
            const cols: Record<string, ReturnType<typeof sql>> = {
              businessType: sql`p.business_type`,
              month: sql`to_char((p.created_at AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM')`,
              status: sql`p.status`,
              stage: sql`coalesce(p.current_task_name, ${PROCESS_ARCHIVE_TASK}::text)`,
            };
            const day = sql`(p.created_at AT TIME ZONE 'Asia/Shanghai')::date`;
            const direct = await sql<Row>`
              SELECT ${sql.join([
                ...dims.map((d, i) => sql`${cols[d]!} AS ${sql.ref(`k${i}`)}`),
                sql`count(*)::text AS n`,
                sql`coalesce(round(avg(extract(epoch FROM (CASE WHEN p.status = 'running' THEN ${NOW}::timestamptz ELSE p.updated_at END) - p.created_at) / 3600.0), 1), 0)::text AS hours`,
              ])}
              FROM process_instances p
              WHERE ${ids ? sql`p.enterprise_id IN (${sql.join(ids)})` : sql`true`}
                AND ${from ? sql`${day} >= ${from}::date` : sql`true`} AND ${to ? sql`${day} <= ${to}::date` : sql`true`}
              ${dims.length ? sql`GROUP BY ${sql.join(dims.map((_, i) => sql.raw(String(i + 1))))}` : sql``}`.execute(db());
            const expected = direct.rows
              .map((row) =>
                Object.values(row)
                  .map((v) => (/^-?\d+(\.\d+)?$/.test(String(v)) ? String(Number(v)) : v))
                  .join('|'),
              )
              .sort();
            expect(got, `${dims.join(',')} ${ids?.join(',') ?? 'all'} ${from}…${to}`).toEqual(expected);
            if (got.some((line) => !line.endsWith('|0|0'))) compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(10);
    });
  });

  it('follow applications inserted, updated, moved and deleted, one or many at a time', async () => {
    const app = await one(sql<{ id: number; contract_id: number }>`
      SELECT id, contract_id FROM loan_applications WHERE contract_id IS NOT NULL ORDER BY id LIMIT 1`);
    // Two approved applications on the same contract in one statement, one with no contract, one draft.
    await sql`INSERT INTO loan_applications (enterprise_id, application_form_num, applicant_name, contract_id, loan_amount, corporate_name,
                                             create_date, status)
              SELECT enterprise_id, application_form_num || x.suffix, applicant_name, x.contract, x.amount, corporate_name,
                     create_date + x.shift, x.status
              FROM loan_applications,
                   (VALUES ('-r1', ${app.contract_id}::bigint, 1234.56, 0, 'approved'), ('-r2', ${app.contract_id}::bigint, 99.99, 3, 'approved'),
                           ('-r3', NULL, 500.05, 0, 'approved'), ('-r4', ${app.contract_id}::bigint, 10, 0, 'draft')) AS x(suffix, contract, amount, shift, status)
              WHERE id = ${app.id}`.execute(db());
    await expectExact();
    await sql`UPDATE loan_applications SET loan_amount = loan_amount + 0.07 WHERE application_form_num LIKE '%-r_'`.execute(db());
    await sql`UPDATE loan_applications SET create_date = create_date - 40 WHERE id = ${app.id}`.execute(db());
    await sql`UPDATE loan_applications SET contract_id = NULL WHERE application_form_num LIKE '%-r2'`.execute(db());
    await sql`UPDATE loan_applications SET enterprise_id = 'ent-b' WHERE application_form_num LIKE '%-r3'`.execute(db());
    await sql`UPDATE loan_applications SET status = 'approved' WHERE application_form_num LIKE '%-r4'`.execute(db());
    await expectExact();
    // Every application at once (a column the figures do not read), then half of them to another day.
    await sql`UPDATE loan_applications SET applicant_name = applicant_name`.execute(db());
    await sql`UPDATE loan_applications SET create_date = create_date + 1 WHERE id % 2 = 0`.execute(db());
    await expectExact();
    await sql`DELETE FROM loan_applications WHERE application_form_num LIKE '%-r_'`.execute(db());
    await expectExact();
  });

  it('follow processes started, decided, archived and deleted, and the balance their decisions change', async () => {
    const app = await one(sql<{ id: number; process_instance_id: number; contract_id: number }>`
      SELECT a.id, a.process_instance_id, a.contract_id FROM loan_applications a JOIN process_instances pi ON pi.id = a.process_instance_id
      WHERE a.contract_id IS NOT NULL ORDER BY a.id LIMIT 1`);
    // Another approved loan and a repayment on the contract, so that each decision moves that loan's balance. The
    // application then waits on its process: the process's state decides its status and the contract's totals.
    await sql`INSERT INTO loan_applications (enterprise_id, application_form_num, applicant_name, contract_id, loan_amount, corporate_name,
                                             create_date, status)
              SELECT enterprise_id, application_form_num || '-p', applicant_name, contract_id, 777.77, corporate_name, create_date - 3, 'approved'
              FROM loan_applications WHERE id = ${app.id}`.execute(db());
    await sql`INSERT INTO settlements (enterprise_id, enterprise_name, contract_id, type, status, money, settle_code)
              SELECT enterprise_id, corporate_name, contract_id, 2, 'submitted', 250.5, 'P-repaid'
              FROM loan_applications WHERE id = ${app.id}`.execute(db());
    await sql`UPDATE loan_applications SET status = 'submitted' WHERE id = ${app.id}`.execute(db());
    for (const status of ['running', 'approved', 'rejected', 'approved']) {
      await sql`UPDATE process_instances SET status = ${status}, updated_at = updated_at + interval '5 hours',
                       current_task_name = ${status === 'running' ? '业务审核' : null}
                WHERE id = ${app.process_instance_id}`.execute(db());
      await expectExact();
    }
    // A new process for a submitted application that had none; every process touched at once; one deleted.
    const other = await one(sql<{ id: number; enterprise_id: string }>`
      SELECT id, enterprise_id FROM loan_applications WHERE process_instance_id IS NULL AND contract_id IS NOT NULL ORDER BY id LIMIT 1`);
    await sql`UPDATE loan_applications SET status = 'submitted' WHERE id = ${other.id}`.execute(db());
    const p = await one(sql<{ id: number }>`
      INSERT INTO process_instances (enterprise_id, business_type, business_id, business_code, status, started_by, created_at, updated_at)
      VALUES (${other.enterprise_id}, 'loan', ${other.id}, 'L-x', 'approved', 'tester', now() - interval '30 hours', now())
      RETURNING id`);
    await sql`UPDATE loan_applications SET process_instance_id = ${p.id} WHERE id = ${other.id}`.execute(db());
    await expectExact();
    await sql`UPDATE process_instances SET updated_at = updated_at + interval '1 minute'`.execute(db());
    await sql`UPDATE process_instances SET status = CASE status WHEN 'approved' THEN 'rejected' ELSE status END WHERE id % 3 = 0`.execute(
      db(),
    );
    await expectExact();
    await sql`DELETE FROM process_instances WHERE id IN (${p.id}, ${app.process_instance_id})`.execute(db());
    await expectExact();
  });

  it('follow repayments made, changed and withdrawn', async () => {
    const c = await one(
      sql<{ contract_key: number }>`SELECT contract_key FROM loan_balance_parts ORDER BY amount DESC, contract_key LIMIT 1`,
    );
    await sql`INSERT INTO settlements (enterprise_id, enterprise_name, contract_id, type, status, money, settle_code)
              SELECT enterprise_id, enterprise_name, ${c.contract_key}, 2, 'submitted', x.money, settle_code || x.suffix
              FROM settlements, (VALUES (333.33, '-f1'), (1000000, '-f2')) AS x(money, suffix)
              WHERE id = (SELECT min(id) FROM settlements)`.execute(db());
    await expectExact();
    await sql`UPDATE settlements SET money = 12.34 WHERE settle_code LIKE '%-f2'`.execute(db());
    await sql`UPDATE settlements SET type = 3 - type WHERE id IN (SELECT id FROM settlements WHERE contract_id IS NOT NULL ORDER BY id LIMIT 5)`.execute(
      db(),
    );
    await sql`UPDATE settlements SET status = 'draft' WHERE settle_code LIKE '%-f1'`.execute(db());
    await expectExact();
    await sql`DELETE FROM settlements WHERE settle_code LIKE '%-f_'`.execute(db());
    await expectExact();
    await sql`TRUNCATE settlements`.execute(db());
    await expectExact();
  });

  it('adds up every concurrent writer: repayments, decisions and applications on the same contracts', async () => {
    const apps = (
      await sql<{ id: number; contract_id: number; process_instance_id: number | null }>`
        SELECT id, contract_id, process_instance_id FROM loan_applications WHERE contract_id IS NOT NULL ORDER BY contract_id, id LIMIT 6`.execute(
        db(),
      )
    ).rows;
    expect(apps.length).toBeGreaterThan(2);
    const writers = Array.from({ length: 12 }, (_, i) =>
      db()
        .transaction()
        .execute(async (trx) => {
          const a = apps[i % apps.length]!;
          if (i % 3 === 0) {
            await sql`INSERT INTO settlements (enterprise_id, enterprise_name, contract_id, type, status, money, settle_code)
                      SELECT enterprise_id, corporate_name, ${a.contract_id}, 2, 'submitted', ${100 + i}, ${`C-${i}`}
                      FROM loan_applications WHERE id = ${a.id}`.execute(trx);
          } else if (i % 3 === 1) {
            await sql`UPDATE loan_applications SET status = ${i % 2 ? 'approved' : 'rejected'}, loan_amount = loan_amount + ${i}
                      WHERE id = ${a.id}`.execute(trx);
          } else {
            await sql`UPDATE loan_applications SET create_date = create_date + ${i}::int WHERE id = ${a.id}`.execute(trx);
          }
        }),
    );
    await Promise.all(writers);
    await expectExact();
  });

  it('are rebuilt after the applications are truncated', async () => {
    await sql`TRUNCATE loan_applications CASCADE`.execute(db());
    const diff = await fundsDiff(db());
    expect(diff).toEqual({ approvals: [], loans: [], parts: [] });
    const n = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM loan_daily`);
    expect(n.n).toBe(0);
  });
});
