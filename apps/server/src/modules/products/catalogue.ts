// The platform's supply-chain finance products: one catalogue for every enterprise (no enterprise column), read by
// holders of products:read and maintained by products:admin. An edit or a shelf change sends the version read
// (older: 409); the required document types must be keys of the business_documentType dictionary.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  BUSINESS_MESSAGES,
  DOCUMENT_TYPE_GROUP,
  PRODUCT_MESSAGES,
  type FieldError,
  type ListProductsQuery,
  type Product,
  type ProductKind,
  type ProductStatus,
  type RequiredDoc,
  type SaveProductBody,
  type ShelfBody,
} from '@tfb/contract';
import type { DB, Products } from '../../db/types.js';
import { pgErrorCode } from '../../lib/business-codes.js';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors.js';
import { fetchPage, matchingAny, type PageWindow, type Paged } from '../../lib/paging.js';

type ProductRow = Selectable<Products>;
export const PRODUCT_NOUN = '产品';

/** The dictionary's names of the document types, by key. */
export async function documentTypeNames(db: Kysely<DB>): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('dict_entries')
    .select(['dict_key', 'dict_value_name'])
    .where('group_name', '=', DOCUMENT_TYPE_GROUP)
    .execute();
  return new Map(rows.map((r) => [r.dict_key, r.dict_value_name]));
}

export const requiredDocKeys = (r: Pick<ProductRow, 'required_doc_types'>): string[] =>
  Array.isArray(r.required_doc_types) ? r.required_doc_types.filter((k): k is string => typeof k === 'string') : [];

export function toProduct(r: ProductRow, names: Map<string, string>): Product {
  const requiredDocs: RequiredDoc[] = requiredDocKeys(r).map((key) => ({ key, name: names.get(key) ?? key }));
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    kind: r.kind as ProductKind,
    rateMin: Number(r.rate_min),
    rateMax: Number(r.rate_max),
    termMin: r.term_min,
    termMax: r.term_max,
    limitAmount: Number(r.limit_amount),
    requiredDocs,
    description: r.description,
    status: r.status as ProductStatus,
    createTime: r.created_at,
    updateTime: r.updated_at,
    version: r.version,
  };
}

export async function pageProducts(db: Kysely<DB>, f: ListProductsQuery, w: PageWindow): Promise<Paged<Product>> {
  let q = db.selectFrom('products');
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.status) q = q.where('status', '=', f.status);
  q = matchingAny(q, f.search, ['name', 'code', 'description']);
  const names = await documentTypeNames(db);
  return fetchPage(
    db,
    q,
    (p) => p.selectAll().orderBy('id', 'asc'),
    w,
    (r) => toProduct(r as ProductRow, names),
  );
}

export async function getProduct(db: Kysely<DB>, id: number): Promise<Product | undefined> {
  const r = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  return r && toProduct(r, await documentTypeNames(db));
}

async function checkDocTypes(trx: Transaction<DB>, keys: readonly string[]): Promise<void> {
  const names = await documentTypeNames(trx);
  const errors: FieldError[] = keys.flatMap((k, i) =>
    names.has(k) ? [] : [{ field: `requiredDocTypes.${i}`, message: PRODUCT_MESSAGES.docTypeUnknown }],
  );
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

const columnsOf = (b: SaveProductBody) => ({
  code: b.code,
  name: b.name,
  kind: b.kind,
  rate_min: b.rateMin,
  rate_max: b.rateMax,
  term_min: b.termMin,
  term_max: b.termMax,
  limit_amount: b.limitAmount,
  required_doc_types: JSON.stringify(b.requiredDocTypes),
  description: b.description,
});

/** A duplicate code is the form's field error, not a 500. */
async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgErrorCode(e) === '23505') throw fieldError('code', PRODUCT_MESSAGES.codeTaken);
    throw e;
  }
}

async function readBack(trx: Transaction<DB>, id: number): Promise<Product> {
  const p = await getProduct(trx, id);
  if (!p) throw new Error('product written in this transaction cannot be read back');
  return p;
}

/** A new product starts off the shelf: the admin puts it on once it is complete. */
export function createProduct(db: Kysely<DB>, userId: string, b: SaveProductBody): Promise<Product> {
  return uniqueCode(() =>
    db.transaction().execute(async (trx) => {
      await checkDocTypes(trx, b.requiredDocTypes);
      const { id } = await trx
        .insertInto('products')
        .values({ ...columnsOf(b), status: 'off', created_by: userId, updated_by: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return readBack(trx, id);
    }),
  );
}

async function lockProduct(trx: Transaction<DB>, id: number, version: number): Promise<void> {
  const row = await trx.selectFrom('products').select('version').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(PRODUCT_NOUN);
  if (row.version !== version) throw conflict(BUSINESS_MESSAGES.staleVersion);
}

export function updateProduct(db: Kysely<DB>, userId: string, id: number, b: SaveProductBody & { version: number }): Promise<Product> {
  return uniqueCode(() =>
    db.transaction().execute(async (trx) => {
      await lockProduct(trx, id, b.version);
      await checkDocTypes(trx, b.requiredDocTypes);
      await trx
        .updateTable('products')
        .set({ ...columnsOf(b), updated_by: userId, updated_at: sql<string>`now()`, version: sql<number>`version + 1` })
        .where('id', '=', id)
        .execute();
      return readBack(trx, id);
    }),
  );
}

export function setShelf(db: Kysely<DB>, userId: string, id: number, b: ShelfBody): Promise<Product> {
  return db.transaction().execute(async (trx) => {
    await lockProduct(trx, id, b.version);
    await trx
      .updateTable('products')
      .set({ status: b.status, updated_by: userId, updated_at: sql<string>`now()`, version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute();
    return readBack(trx, id);
  });
}
