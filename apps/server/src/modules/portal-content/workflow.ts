// How an item gets onto the public site and off it: submit (an approval process of the site's business type),
// the approval's outcome (live = the submitted version, published or scheduled), withdraw, the batch of both,
// and the scheduler's transitions (scheduled → published at goLiveAt, published → expired at expireAt). Every
// transition that changes what a site shows announces it in its own transaction (lib/portal-public-events.ts).
import { sql } from 'kysely';
import {
  CONTENT_MESSAGES,
  PORTAL_SITES,
  portalContentBusinessCode,
  type ContentData,
  type ContentItem,
  type ContentType,
  type PortalSite,
} from '@tfb/contract';
import type { Session } from '../../plugins/session.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict } from '../../lib/errors.js';
import { announcePublicChange } from '../../lib/portal-public-events.js';
import { registerApprovalSubject, startProcess, type ApprovalOutcome } from '../process/public.js';
import { bodyHtml, changedBy, lockItem, mirrors, writeRefs, writtenItem, type Actor, type Db, type ItemRow, type Scope } from './items.js';
import { auditEntity, inTransaction } from './repository.js';

const asSession = (actor: Actor, s: Session): Session => ({ ...s, enterpriseId: actor.enterpriseId });

async function submitLocked(trx: Db, actor: Actor, s: Session, row: ItemRow, version: number): Promise<void> {
  if (row.version !== version) throw conflict(CONTENT_MESSAGES.stale);
  if (row.review_state === 'pending') throw conflict(CONTENT_MESSAGES.alreadyPending);
  if ((row.status === 'published' || row.status === 'scheduled') && row.live_version === row.version)
    throw conflict(CONTENT_MESSAGES.nothingToSubmit);
  if (row.type === 'announcement' && row.live_version !== null && row.live_version !== row.version)
    throw conflict(CONTENT_MESSAGES.announcementLocked);
  const processInstanceId = await startProcess(trx as Parameters<typeof startProcess>[0], asSession(actor, s), {
    businessType: actor.site,
    businessId: row.id,
    businessCode: portalContentBusinessCode(row.type, row.id),
    resubmitted: row.review_state === 'rejected',
    comment: '',
  });
  await trx
    .updateTable('portal_items')
    .set({ review_state: 'pending', reject_reason: '', submitted_version: version, process_instance_id: processInstanceId })
    .where('id', '=', row.id)
    .execute();
  await recordAudit(trx, actor, {
    entity: auditEntity(actor),
    entityId: row.id,
    action: 'submit',
    diff: [{ field: 'reviewState', from: row.review_state, to: 'pending' }],
  });
}

/** Submits version `version` (the current one) for approval. */
export function submitItem(db: Db, actor: Actor, s: Session, id: number, version: number): Promise<ContentItem> {
  return inTransaction(db, actor, async (trx) => {
    await submitLocked(trx, actor, s, await lockItem(trx, actor, id), version);
    return writtenItem(trx, actor, id);
  });
}

async function withdrawLocked(trx: Db, actor: Actor, row: ItemRow, reason = ''): Promise<void> {
  if (row.status !== 'published' && row.status !== 'scheduled') throw conflict(CONTENT_MESSAGES.notWithdrawable);
  await trx
    .updateTable('portal_items')
    .set({ status: 'withdrawn', ...changedBy(actor) })
    .where('id', '=', row.id)
    .execute();
  await recordAudit(trx, actor, {
    entity: auditEntity(actor),
    entityId: row.id,
    action: 'update',
    diff: [
      { field: 'status', from: row.status, to: 'withdrawn' },
      ...(reason ? [{ field: 'withdrawReason', from: null, to: reason }] : []),
    ],
  });
  if (row.status === 'published') await announcePublicChange(trx, actor);
}

/** Takes a published or scheduled item off the site (its live copy is kept, not served; the reason goes on its trail). */
export function withdrawItem(db: Db, actor: Actor, id: number, reason: string): Promise<ContentItem> {
  return inTransaction(db, actor, async (trx) => {
    await withdrawLocked(trx, actor, await lockItem(trx, actor, id), reason);
    return writtenItem(trx, actor, id);
  });
}

/** Each item on its own (one transaction each): publish submits its current version, withdraw takes it down. */
export async function batchItems(
  db: Db,
  actor: Actor,
  s: Session,
  action: 'publish' | 'withdraw',
  ids: readonly number[],
): Promise<{ done: number[]; refused: { id: number; message: string }[] }> {
  const done: number[] = [];
  const refused: { id: number; message: string }[] = [];
  for (const id of new Set(ids)) {
    try {
      await inTransaction(db, actor, async (trx) => {
        const row = await lockItem(trx, actor, id);
        if (action === 'publish') await submitLocked(trx, actor, s, row, row.version);
        else await withdrawLocked(trx, actor, row);
      });
      done.push(id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      refused.push({ id, message: e.message });
    }
  }
  return { done, refused };
}

// ---- The approval's outcome ----

/** The submitted version becomes the live copy: published now, or scheduled for goLiveAt. */
async function approve(trx: Db, actor: Actor, row: ItemRow, now: Date): Promise<void> {
  const version = row.submitted_version ?? row.version;
  const v = await trx
    .selectFrom('portal_item_versions')
    .select('data')
    .where('item_id', '=', row.id)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  // Reordering needs no approval: the live copy keeps the item's current place.
  const live: ContentData = {
    ...(v.data as ContentData),
    ...(typeof (v.data as ContentData).sortOrder === 'number' ? { sortOrder: row.sort_order } : {}),
  };
  const scheduled = row.go_live_at !== null && Date.parse(row.go_live_at) > now.getTime();
  const updated = await trx
    .updateTable('portal_items')
    .set({
      live: JSON.stringify(live),
      live_html: bodyHtml(row.type, live),
      live_version: version,
      live_column_id: mirrors(live).column_id,
      status: scheduled ? 'scheduled' : 'published',
      ...(scheduled ? {} : { published_at: now.toISOString() }),
      review_state: 'none',
      reject_reason: '',
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeRefs(trx, updated);
  await recordAudit(trx, actor, {
    entity: auditEntity(actor),
    entityId: row.id,
    action: 'approve',
    diff: [
      { field: 'status', from: row.status, to: updated.status },
      { field: 'liveVersion', from: row.live_version, to: version },
    ],
  });
  if (!scheduled) await announcePublicChange(trx, actor);
}

function onOutcome(site: PortalSite) {
  return async (trx: Db, s: Session, o: ApprovalOutcome): Promise<void> => {
    const found = await trx
      .selectFrom('portal_items')
      .select('type')
      .where('id', '=', o.businessId)
      .where('enterprise_id', '=', o.enterpriseId)
      .where('site', '=', site)
      .executeTakeFirst();
    if (!found) return;
    const actor: Actor = { enterpriseId: o.enterpriseId, site, type: found.type as ContentType, userId: s.userId, userName: s.userName };
    const row = await lockItem(trx, actor, o.businessId);
    if (row.process_instance_id !== o.processInstanceId) return;
    if (o.outcome === 'approved') return approve(trx, actor, row, o.now);
    await trx.updateTable('portal_items').set({ review_state: 'rejected', reject_reason: o.comment }).where('id', '=', row.id).execute();
    await recordAudit(trx, actor, {
      entity: auditEntity(actor),
      entityId: row.id,
      action: 'reject',
      diff: [{ field: 'reviewState', from: 'pending', to: 'rejected' }],
    });
  };
}

for (const site of PORTAL_SITES) registerApprovalSubject(site, { onOutcome: onOutcome(site) });

// ---- The scheduler's transitions ----

export type Transition = { id: number; site: PortalSite; enterpriseId: string; to: 'published' | 'expired' };

const SYSTEM = { userId: 'system', userName: '系统' };

/**
 * One pass: publishes the scheduled items whose goLiveAt has come, then expires the published ones whose expireAt
 * has. Each row is claimed with FOR UPDATE SKIP LOCKED and changed only if still in its state, so with several app
 * processes on one database each transition happens exactly once. Answers what it changed.
 */
export async function runDueTransitions(db: Db, now: Date): Promise<Transition[]> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const published = await sql<{ id: number; site: PortalSite; enterprise_id: string }>`
      UPDATE portal_items SET status = 'published', published_at = ${at}::timestamptz
      WHERE id IN (
        SELECT id FROM portal_items
        WHERE status = 'scheduled' AND NOT deleted AND go_live_at <= ${at}::timestamptz
        ORDER BY go_live_at, id LIMIT 500 FOR UPDATE SKIP LOCKED
      ) AND status = 'scheduled'
      RETURNING id, site, enterprise_id`.execute(trx);
    const expired = await sql<{ id: number; site: PortalSite; enterprise_id: string }>`
      UPDATE portal_items SET status = 'expired'
      WHERE id IN (
        SELECT id FROM portal_items
        WHERE status = 'published' AND NOT deleted AND expire_at IS NOT NULL AND expire_at <= ${at}::timestamptz
        ORDER BY expire_at, id LIMIT 500 FOR UPDATE SKIP LOCKED
      ) AND status = 'published'
      RETURNING id, site, enterprise_id`.execute(trx);
    const out: Transition[] = [
      ...published.rows.map((r) => ({ id: Number(r.id), site: r.site, enterpriseId: r.enterprise_id, to: 'published' as const })),
      ...expired.rows.map((r) => ({ id: Number(r.id), site: r.site, enterpriseId: r.enterprise_id, to: 'expired' as const })),
    ];
    for (const t of out) {
      const from = t.to === 'published' ? 'scheduled' : 'published';
      const scope: Scope = { enterpriseId: t.enterpriseId, site: t.site, type: 'article' };
      await recordAudit(
        trx,
        { enterpriseId: t.enterpriseId, userId: SYSTEM.userId },
        {
          entity: auditEntity(scope),
          entityId: t.id,
          action: 'update',
          diff: [{ field: 'status', from, to: t.to }],
        },
      );
    }
    const sites = new Map(out.map((t) => [`${t.site}:${t.enterpriseId}`, { site: t.site, enterpriseId: t.enterpriseId }]));
    for (const change of sites.values()) await announcePublicChange(trx, change);
    return out;
  });
}
