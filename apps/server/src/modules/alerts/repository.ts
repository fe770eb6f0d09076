// Warning messages of one user: newest first, read state, unread count.
import { sql, type Kysely } from 'kysely';
import { RISK_TYPE_CODES, RISK_TYPE_TITLES, type RiskType, type WarningMessage } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { fetchPage, type Paged } from '../../lib/paging.js';

export type Owner = { enterpriseId: string; userId: string };

const titleOf = (t: number | null): string | null =>
  t !== null && (RISK_TYPE_CODES as number[]).includes(t) ? RISK_TYPE_TITLES[t as RiskType] : null;

export async function unreadCount(db: Kysely<DB>, o: Owner): Promise<number> {
  const r = await db
    .selectFrom('warning_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('enterprise_id', '=', o.enterpriseId)
    .where('user_id', '=', o.userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function pageMessages(db: Kysely<DB>, o: Owner, page: { offset: number; limit: number }): Promise<Paged<WarningMessage>> {
  const q = db.selectFrom('warning_messages').where('enterprise_id', '=', o.enterpriseId).where('user_id', '=', o.userId);
  const columns = [
    'id',
    'warn_gen_dt',
    'warn_rule',
    'risk_type',
    'company_name',
    'content',
    'is_read',
    'read_at',
    // The UTC day, as company_risks.warn_date is stored: what earlyWarningInfo's warnDate matches.
    sql<string>`to_char(warn_gen_dt AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('warn_date'),
  ] as const;
  return fetchPage(
    db,
    q,
    (p) => p.select(columns).orderBy('warn_gen_dt', 'desc').orderBy('id', 'desc'),
    page,
    (r) => ({
      id: r.id,
      alertId: r.id,
      warn_gen_dt: r.warn_gen_dt,
      warn_rule: r.warn_rule,
      warnDate: r.warn_date,
      riskType: r.risk_type,
      riskTitle: titleOf(r.risk_type),
      companyName: r.company_name,
      content: r.content,
      isRead: r.is_read,
      readAt: r.read_at,
    }),
  );
}

/** Marks the owner's message read (idempotent: a read message keeps its first read time). Undefined if not theirs. */
export async function markRead(db: Kysely<DB>, o: Owner, alertId: number): Promise<{ readAt: string | null } | undefined> {
  const r = await db
    .updateTable('warning_messages')
    .set({ is_read: true, read_at: sql<string>`coalesce(read_at, now())` })
    .where('id', '=', alertId)
    .where('enterprise_id', '=', o.enterpriseId)
    .where('user_id', '=', o.userId)
    .returning('read_at')
    .executeTakeFirst();
  return r ? { readAt: r.read_at } : undefined;
}
