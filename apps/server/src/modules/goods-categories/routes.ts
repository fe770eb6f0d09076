// Goods category administration (issue 14, /goods/categories; requirements P30). The tree is read by the goods
// picker's listCategory call (goods:read); every change here needs goods:admin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddGoodsCategoryBodySchema,
  DeleteGoodsCategoryQuerySchema,
  DeletedGoodsCategoryReplySchema,
  GOODS_CATEGORY_PATHS,
  GoodsCategoryReplySchema,
  IdParamSchema,
  MoveGoodsCategoryBodySchema,
  RenameGoodsCategoryBodySchema,
  SetGoodsCategoryStatusBodySchema,
} from '@tfb/contract';
import { sessionCall } from '../../lib/route.js';
import { useFieldMessagesAsIs } from '../../lib/validation.js';
import { addCategory, deleteCategory, moveCategory, renameCategory, setCategoryDisabled } from './repository.js';

export const goodsCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  useFieldMessagesAsIs(app);
  const db = app.database.db;
  const tags = ['goods'];
  const access = 'goods:admin';
  const reply = GoodsCategoryReplySchema;
  const params = IdParamSchema;

  sessionCall(app, 'POST', GOODS_CATEGORY_PATHS.add, { access, tags, body: AddGoodsCategoryBodySchema, reply }, async (s, { body }) =>
    addCategory(db, s.enterpriseId, body),
  );
  sessionCall(app, 'PUT', GOODS_CATEGORY_PATHS.rename, { access, tags, params, body: RenameGoodsCategoryBodySchema, reply }, (s, i) =>
    renameCategory(db, s.enterpriseId, i.params.id, i.body.goodsCategoryName, i.body.version),
  );
  sessionCall(app, 'PUT', GOODS_CATEGORY_PATHS.move, { access, tags, params, body: MoveGoodsCategoryBodySchema, reply }, (s, i) =>
    moveCategory(db, s.enterpriseId, i.params.id, i.body),
  );
  sessionCall(app, 'PUT', GOODS_CATEGORY_PATHS.status, { access, tags, params, body: SetGoodsCategoryStatusBodySchema, reply }, (s, i) =>
    setCategoryDisabled(db, s.enterpriseId, i.params.id, i.body.disabled, i.body.version),
  );
  const del = { access, tags, params, query: DeleteGoodsCategoryQuerySchema, reply: DeletedGoodsCategoryReplySchema } as const;
  sessionCall(app, 'DELETE', GOODS_CATEGORY_PATHS.item, del, (s, i) => deleteCategory(db, s.enterpriseId, i.params.id, i.query.version));
};
