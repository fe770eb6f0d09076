// Creating and editing goods of the enterprise's catalogue with their pictures (the paged list is the goods
// picker's call). A save writes the goods row and its picture rows (goods_images) in one transaction.
import type { Kysely, Transaction } from 'kysely';
import {
  BUSINESS_MESSAGES,
  GOODS_CATEGORY_MESSAGES,
  IMAGE_TYPES,
  fileUrl,
  type FieldError,
  type GoodsDetail,
  type ImageValue,
  type SaveGoodsBody,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { badRequest, fieldError } from '../../lib/errors.js';
import { recordWrites, replaceChildRows } from '../../lib/records.js';
import { ownedRecord, ownedRowExists } from '../../lib/owned.js';

/** The same id twice, and the category shown by its name. */
const AUDIT_IGNORE = ['goodsId', 'goodsCategoryId'];

export async function getGoods(db: Kysely<DB>, enterpriseId: string, id: number): Promise<GoodsDetail | undefined> {
  const r = await ownedRecord(
    db
      .selectFrom('goods as g')
      .innerJoin('goods_categories as c', 'c.id', 'g.category_id')
      .select([
        'g.id',
        'g.category_id',
        'c.goods_category_name',
        'g.goods_name',
        'g.specification_models',
        'g.unit',
        'g.manufacturer',
        'g.texture',
        'g.weight',
        'g.monad',
        'g.goods_number',
        'g.goods_price',
        'g.version',
      ]),
    enterpriseId,
    id,
    'g',
  );
  if (!r) return undefined;
  const images = await imagesOf(db, enterpriseId, id);
  return {
    id: r.id,
    goodsId: r.id,
    goodsCategoryId: r.category_id,
    goodsCategoryName: r.goods_category_name,
    goodsName: r.goods_name,
    specificationModels: r.specification_models,
    unit: r.unit,
    manufacturer: r.manufacturer,
    texture: r.texture,
    weight: r.weight === null ? null : Number(r.weight),
    monad: r.monad,
    goodsNumber: r.goods_number,
    goodsPrice: r.goods_price === null ? null : Number(r.goods_price),
    images,
    version: r.version,
  };
}

async function imagesOf(db: Kysely<DB>, enterpriseId: string, goodsId: number): Promise<ImageValue[]> {
  const rows = await db
    .selectFrom('goods_images as gi')
    .innerJoin('stored_files as f', 'f.id', 'gi.file_id')
    .select(['f.id', 'f.original_name'])
    .where('gi.goods_id', '=', goodsId)
    .where('f.enterprise_id', '=', enterpriseId)
    .orderBy('gi.position')
    .execute();
  return rows.map((f) => ({ id: f.id, filePath: fileUrl(f.id), fileName: f.original_name }));
}

/** Each picture must be an image file the caller's enterprise uploaded; errors name `images.<i>`. */
async function checkImages(trx: Transaction<DB>, enterpriseId: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const files = await trx
    .selectFrom('stored_files')
    .select(['id', 'extension', 'mime_type'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(files.map((f) => [f.id, f]));
  const errors: FieldError[] = [];
  ids.forEach((id, i) => {
    const f = byId.get(id);
    if (!f) errors.push({ field: `images.${i}`, message: BUSINESS_MESSAGES.imageNotFound });
    else if (!f.mime_type.startsWith('image/') || !(IMAGE_TYPES as readonly string[]).includes(f.extension)) {
      errors.push({ field: `images.${i}`, message: BUSINESS_MESSAGES.imageNotPicture });
    }
  });
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

async function replaceImages(trx: Transaction<DB>, goodsId: number, ids: readonly number[]): Promise<void> {
  await replaceChildRows(
    trx,
    'goods_images',
    { goods_id: goodsId },
    ids.map((file_id, position) => ({ file_id, position })),
  );
}

/** The category must be the enterprise's, and enabled unless the goods (`goodsId`, on an edit) are already in it. */
async function checkCategory(db: Transaction<DB>, enterpriseId: string, categoryId: number, goodsId?: number): Promise<void> {
  if (!(await ownedRowExists(db, 'goods_categories', enterpriseId, categoryId))) throw fieldError('goodsCategoryId', '货品分类不存在');
  const c = await db.selectFrom('goods_categories').select('disabled').where('id', '=', categoryId).executeTakeFirst();
  if (!c?.disabled) return;
  const kept =
    goodsId !== undefined &&
    (await db
      .selectFrom('goods')
      .select('id')
      .where('id', '=', goodsId)
      .where('enterprise_id', '=', enterpriseId)
      .where('category_id', '=', categoryId)
      .executeTakeFirst());
  if (!kept) throw fieldError('goodsCategoryId', GOODS_CATEGORY_MESSAGES.disabledCategory);
}

/** Create, and update from the version the client read (goods have no status: any goods may be edited). */
export const { create: createGoods, update: updateGoods } = recordWrites('goods', 'goods_number', {
  entity: 'goods',
  auditIgnore: AUDIT_IGNORE,
  columns: async (trx, actor, b: SaveGoodsBody, id) => {
    await checkCategory(trx, actor.enterpriseId, b.goodsCategoryId, id);
    await checkImages(trx, actor.enterpriseId, b.images);
    return {
      category_id: b.goodsCategoryId,
      goods_name: b.goodsName,
      specification_models: b.specificationModels,
      unit: b.unit,
      manufacturer: b.manufacturer,
      texture: b.texture,
      weight: b.weight,
      monad: b.monad,
      goods_price: b.goodsPrice,
    };
  },
  children: (trx, _actor, id, b) => replaceImages(trx, id, b.images),
  read: getGoods,
});
