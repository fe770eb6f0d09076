// The delivery address a contract or an order points at: read in the caller's enterprise, and checked on save
// (another enterprise's address does not exist).
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DeliveryAddress } from '@tfb/contract';
import type { DB } from '../db/types.js';
import { fieldError } from './errors.js';
import { ownedRecord, ownedRowExists } from './owned.js';

export const ADDRESS_NOT_FOUND = '收货地址不存在';

export const addressToWire = (r: Selectable<DB['delivery_addresses']>): DeliveryAddress => ({
  id: r.id,
  contacts: r.contacts,
  contactsPhone: r.contacts_phone,
  addressCode: r.address_code,
  province: r.province,
  city: r.city,
  area: r.area,
  detailedAddress: r.detailed_address,
  enterpriseId: r.enterprise_id,
  isDefault: r.is_default,
  isDelete: r.is_delete,
  createUserId: r.create_user_id,
  createUserName: r.create_user_name,
  changeUserId: r.change_user_id,
  changeUserName: r.change_user_name,
  createTime: r.create_time,
  updateTime: r.update_time,
  version: r.version,
});

/** The address as saved on the record (still shown after it is deleted from the book), or null. */
export async function addressOf(db: Kysely<DB>, enterpriseId: string, id: number | null): Promise<DeliveryAddress | null> {
  if (id === null) return null;
  const row = await ownedRecord(db.selectFrom('delivery_addresses').selectAll(), enterpriseId, id);
  return row ? addressToWire(row) : null;
}

/** 400 naming `deliveryAddressId` unless the address is the enterprise's own. */
export async function checkAddressRef(trx: Transaction<DB>, enterpriseId: string, id: number | null): Promise<void> {
  if (id === null) return;
  if (!(await ownedRowExists(trx, 'delivery_addresses', enterpriseId, id))) throw fieldError('deliveryAddressId', ADDRESS_NOT_FOUND);
}
