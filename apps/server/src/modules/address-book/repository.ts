// Delivery addresses of one enterprise. At most one live default per enterprise: set-default clears the old
// default and sets the new one in one transaction, serialised per enterprise by an advisory lock, and the
// partial unique index delivery_addresses_one_default makes a second default impossible regardless.
import { sql, type Kysely } from 'kysely';
import type { DeliveryAddress, SaveDeliveryAddressBody } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { auditWrite, recordAudit } from '../../lib/audit.js';
import { pgErrorCode } from '../../lib/business-codes.js';
import { addressToWire } from '../../lib/delivery-address.js';
import { lockVersion, nextVersion, saved, writtenRecord, type SaveOutcome } from '../../lib/edit-rules.js';
import { conflict } from '../../lib/errors.js';
import { fetchPage, type PageWindow, type Paged } from '../../lib/paging.js';
import { ownedById } from '../../lib/owned.js';

export type Actor = { enterpriseId: string; userId: string; userName: string };

const toWire = addressToWire;

const fields = (b: SaveDeliveryAddressBody) => ({
  contacts: b.contacts,
  contacts_phone: b.contactsPhone,
  address_code: b.addressCode,
  province: b.province,
  city: b.city,
  area: b.area,
  detailed_address: b.detailedAddress,
});

export async function pageAddresses(db: Kysely<DB>, enterpriseId: string, w: PageWindow): Promise<Paged<DeliveryAddress>> {
  const q = db.selectFrom('delivery_addresses').where('enterprise_id', '=', enterpriseId).where('is_delete', '=', 0);
  return fetchPage(db, q, (p) => p.selectAll().orderBy('is_default', 'desc').orderBy('id', 'desc'), w, toWire);
}

export async function findAddress(db: Kysely<DB>, enterpriseId: string, id: number): Promise<DeliveryAddress | undefined> {
  const row = await ownedById(db.selectFrom('delivery_addresses').selectAll(), enterpriseId, id)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  return row && toWire(row);
}

export async function createAddress(db: Kysely<DB>, actor: Actor, body: SaveDeliveryAddressBody): Promise<DeliveryAddress> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('delivery_addresses')
      .values({
        ...fields(body),
        enterprise_id: actor.enterpriseId,
        is_default: 0,
        is_delete: 0,
        create_user_id: actor.userId,
        create_user_name: actor.userName,
        change_user_id: actor.userId,
        change_user_name: actor.userName,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = toWire(row);
    await auditWrite(trx, actor, 'address', created.id, null, created);
    return created;
  });
}

/**
 * Updates the address fields (not the default flag): missing when the enterprise has no such address, stale when
 * `version` (if sent) is not the stored one.
 */
export async function updateAddress(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  body: SaveDeliveryAddressBody,
  version: number | undefined,
): Promise<SaveOutcome<DeliveryAddress>> {
  return db.transaction().execute(async (trx) => {
    const refused = await lockVersion(trx, 'delivery_addresses', actor.enterpriseId, id, version);
    if (refused) return refused;
    const before = await findAddress(trx, actor.enterpriseId, id);
    const row = await trx
      .updateTable('delivery_addresses')
      .set({
        ...fields(body),
        version: nextVersion(),
        change_user_id: actor.userId,
        change_user_name: actor.userName,
        update_time: sql<string>`now()`,
      })
      .where('enterprise_id', '=', actor.enterpriseId)
      .where('id', '=', id)
      .where('is_delete', '=', 0)
      .returningAll()
      .executeTakeFirstOrThrow();
    const updated = toWire(row);
    await auditWrite(trx, actor, 'address', id, before, updated);
    return saved(updated);
  });
}

const RETRYABLE = new Set(['23505', '40001', '40P01']);

/**
 * Makes `id` the enterprise's only default and answers it as saved; undefined when the enterprise has no such address.
 * Concurrent calls queue on the enterprise's advisory lock; a unique violation (which the lock prevents)
 * or a serialisation failure is retried, so every caller ends with exactly one default and no 500.
 */
export async function setDefaultAddress(db: Kysely<DB>, actor: Actor, id: number): Promise<DeliveryAddress | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(7201, hashtext(${actor.enterpriseId}))`.execute(trx);
        const target = await ownedById(trx.selectFrom('delivery_addresses').select(['id', 'is_default']), actor.enterpriseId, id)
          .where('is_delete', '=', 0)
          .executeTakeFirst();
        if (!target) return undefined;
        const audit = {
          change_user_id: actor.userId,
          change_user_name: actor.userName,
          update_time: sql<string>`now()`,
          version: nextVersion(),
        };
        const cleared = await trx
          .updateTable('delivery_addresses')
          .set({ is_default: 0, ...audit })
          .where('enterprise_id', '=', actor.enterpriseId)
          .where('is_default', '=', 1)
          .where('id', '<>', id)
          .returning('id')
          .execute();
        for (const c of cleared) {
          await recordAudit(trx, actor, {
            entity: 'address',
            entityId: c.id,
            action: 'unsetDefault',
            diff: [{ field: 'isDefault', from: 1, to: 0 }],
          });
        }
        if (target.is_default !== 1) {
          await trx
            .updateTable('delivery_addresses')
            .set({ is_default: 1, ...audit })
            .where('id', '=', id)
            .execute();
          await recordAudit(trx, actor, {
            entity: 'address',
            entityId: id,
            action: 'setDefault',
            diff: [{ field: 'isDefault', from: 0, to: 1 }],
          });
        }
        return writtenRecord(await findAddress(trx, actor.enterpriseId, id), 'address');
      });
    } catch (e) {
      const code = pgErrorCode(e);
      if (code && RETRYABLE.has(code)) {
        if (attempt < 5) continue;
        throw conflict('设置默认地址冲突，请重试');
      }
      throw e;
    }
  }
}
