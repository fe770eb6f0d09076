// Customers of one enterprise (its counterparties) with their contacts and bank accounts. A save writes the record
// and replaces its two lists in one transaction; the unique (enterprise_id, credit_code) index keeps one record per
// code even under concurrent saves. A customer is in use while a contract, order or project of the enterprise names
// it as counterparty; such a customer is not deleted.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  CUSTOMER_MESSAGES,
  type CustomerBankAccount,
  type CustomerContact,
  type CustomerDetail,
  type CustomerRow,
  type SaveCustomerBody,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { auditWrite } from '../../lib/audit.js';
import { pgErrorCode } from '../../lib/business-codes.js';
import { nextVersion, refuseIfStale, saved, type SaveOutcome } from '../../lib/edit-rules.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { fetchPage, matchingAny, type PageWindow, type Paged } from '../../lib/paging.js';

export type Actor = { enterpriseId: string; userId: string };
export type Filter = { search?: string | undefined };

const UNIQUE_VIOLATION = '23505';
const iso = (v: Date | string): string => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

const rowColumns = [
  'c.id',
  'c.name',
  'c.credit_code',
  'c.legal_representative',
  'c.address_code',
  'c.province',
  'c.city',
  'c.area',
  'c.detailed_address',
  'c.remark',
  'c.version',
  'c.created_at',
  'c.updated_at',
] as const;

type StoredRow = {
  id: number;
  name: string;
  credit_code: string;
  legal_representative: string;
  address_code: string;
  province: string;
  city: string;
  area: string;
  detailed_address: string;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const toRow = (r: StoredRow, mainContact: CustomerContact | null): CustomerRow => ({
  id: r.id,
  name: r.name,
  creditCode: r.credit_code,
  legalRepresentative: r.legal_representative,
  addressCode: r.address_code,
  province: r.province,
  city: r.city,
  area: r.area,
  detailedAddress: r.detailed_address,
  mainContact,
  createTime: iso(r.created_at),
  updateTime: iso(r.updated_at),
  version: r.version,
});

const toContact = (c: { name: string; phone: string; position: string; email: string }): CustomerContact => ({
  name: c.name,
  phone: c.phone,
  position: c.position,
  email: c.email,
});

export async function pageCustomers(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow): Promise<Paged<CustomerRow>> {
  const filtered = matchingAny(db.selectFrom('customer_enterprises as c').where('c.enterprise_id', '=', enterpriseId), f.search, [
    'c.name',
    'c.credit_code',
    'c.legal_representative',
  ]);
  const page = await fetchPage(
    db,
    filtered,
    (q) => q.select(rowColumns).orderBy('c.id', 'desc'),
    w,
    (r) => r,
  );
  const ids = page.content.map((r) => r.id);
  const firsts = ids.length
    ? await db
        .selectFrom('customer_contacts')
        .select(['customer_id', 'name', 'phone', 'position', 'email'])
        .where('customer_id', 'in', ids)
        .where('seq', '=', 0)
        .execute()
    : [];
  const byCustomer = new Map(firsts.map((c) => [c.customer_id, toContact(c)]));
  return { ...page, content: page.content.map((r) => toRow(r, byCustomer.get(r.id) ?? null)) };
}

export async function getCustomer(db: Kysely<DB>, enterpriseId: string, id: number): Promise<CustomerDetail | undefined> {
  const r = await db
    .selectFrom('customer_enterprises as c')
    .select(rowColumns)
    .where('c.enterprise_id', '=', enterpriseId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  const [contacts, accounts] = await Promise.all([
    db
      .selectFrom('customer_contacts')
      .select(['name', 'phone', 'position', 'email'])
      .where('customer_id', '=', id)
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('customer_bank_accounts')
      .select(['bank_name', 'account_name', 'account_number'])
      .where('customer_id', '=', id)
      .orderBy('seq')
      .execute(),
  ]);
  const bankAccounts: CustomerBankAccount[] = accounts.map((a) => ({
    bankName: a.bank_name,
    accountName: a.account_name,
    accountNumber: a.account_number,
  }));
  const contactList = contacts.map(toContact);
  return { ...toRow(r, contactList[0] ?? null), remark: r.remark, contacts: contactList, bankAccounts };
}

const columnsOf = (b: SaveCustomerBody) => ({
  name: b.name,
  credit_code: b.creditCode,
  legal_representative: b.legalRepresentative,
  address_code: b.addressCode,
  province: b.addressCode ? b.province : '',
  city: b.addressCode ? b.city : '',
  area: b.addressCode ? b.area : '',
  detailed_address: b.detailedAddress,
  remark: b.remark,
});

async function writeLists(trx: Transaction<DB>, id: number, b: SaveCustomerBody): Promise<void> {
  await trx.deleteFrom('customer_contacts').where('customer_id', '=', id).execute();
  await trx.deleteFrom('customer_bank_accounts').where('customer_id', '=', id).execute();
  if (b.contacts.length)
    await trx
      .insertInto('customer_contacts')
      .values(b.contacts.map((c, seq) => ({ customer_id: id, seq, name: c.name, phone: c.phone, position: c.position, email: c.email })))
      .execute();
  if (b.bankAccounts.length)
    await trx
      .insertInto('customer_bank_accounts')
      .values(
        b.bankAccounts.map((a, seq) => ({
          customer_id: id,
          seq,
          bank_name: a.bankName,
          account_name: a.accountName,
          account_number: a.accountNumber,
        })),
      )
      .execute();
}

/** A second record with the same code is 400 on the code field, whether found first or raced into the index. */
async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgErrorCode(e) === UNIQUE_VIOLATION) throw fieldError('creditCode', CUSTOMER_MESSAGES.duplicateCode);
    throw e;
  }
}

/** The trail keeps the lists as counts (the rows are personal data, the count says what changed). */
const audited = (d: CustomerDetail) => ({ ...d, contacts: d.contacts.length, bankAccounts: d.bankAccounts.length });
const AUDIT_IGNORE = ['mainContact', 'createTime', 'updateTime', 'version'];

export async function createCustomer(db: Kysely<DB>, actor: Actor, b: SaveCustomerBody): Promise<CustomerDetail> {
  return uniqueCode(() =>
    db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('customer_enterprises')
        .values({ ...columnsOf(b), enterprise_id: actor.enterpriseId, created_by: actor.userId, updated_by: actor.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLists(trx, id, b);
      const created = (await getCustomer(trx, actor.enterpriseId, id))!;
      await auditWrite(trx, actor, 'customer', id, null, audited(created), AUDIT_IGNORE);
      return created;
    }),
  );
}

export async function updateCustomer(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  b: SaveCustomerBody,
  version: number,
): Promise<SaveOutcome<CustomerDetail>> {
  return uniqueCode(() =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('customer_enterprises')
        .select('version')
        .where('enterprise_id', '=', actor.enterpriseId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return { kind: 'missing' } as const;
      const stale = refuseIfStale(current.version, version);
      if (stale) return stale;
      const before = (await getCustomer(trx, actor.enterpriseId, id))!;
      await trx
        .updateTable('customer_enterprises')
        .set({ ...columnsOf(b), version: nextVersion(), updated_by: actor.userId, updated_at: sql<string>`now()` })
        .where('enterprise_id', '=', actor.enterpriseId)
        .where('id', '=', id)
        .execute();
      await writeLists(trx, id, b);
      const after = (await getCustomer(trx, actor.enterpriseId, id))!;
      await auditWrite(trx, actor, 'customer', id, audited(before), audited(after), AUDIT_IGNORE);
      return saved(after);
    }),
  );
}

/** The enterprise's contracts, orders and projects that name `name` as counterparty. */
async function referencesTo(trx: Kysely<DB>, enterpriseId: string, name: string): Promise<number> {
  const r = await sql<{ n: string | number }>`
    SELECT (SELECT count(*) FROM contracts WHERE enterprise_id = ${enterpriseId} AND enterprise_name = ${name})
         + (SELECT count(*) FROM sales_orders WHERE enterprise_id = ${enterpriseId} AND enterprise_name = ${name})
         + (SELECT count(*) FROM purchase_orders WHERE enterprise_id = ${enterpriseId} AND supplier_name = ${name})
         + (SELECT count(*) FROM projects WHERE enterprise_id = ${enterpriseId} AND (enterprise_name = ${name} OR supplier_name = ${name}))
      AS n`.execute(trx);
  return Number(r.rows[0]?.n ?? 0);
}

/** Deletes the customer unless a business record names it (409 with the count); 404 for another enterprise's. */
export async function deleteCustomer(db: Kysely<DB>, enterpriseId: string, id: number): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('customer_enterprises')
      .select('name')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('客户');
    const n = await referencesTo(trx, enterpriseId, row.name);
    if (n > 0) throw conflict(CUSTOMER_MESSAGES.inUse(n));
    await trx.deleteFrom('customer_enterprises').where('enterprise_id', '=', enterpriseId).where('id', '=', id).execute();
    return { id };
  });
}
