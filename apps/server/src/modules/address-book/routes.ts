// The delivery-address book calls of spec 7.1, at exactly the paths written. Validation messages are the
// spec's (5 Address form: 请输入手机号 …), answered as is.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADDRESS_BOOK_PATHS,
  BUSINESS_MESSAGES,
  DeliveryAddressPageReplySchema,
  DeliveryAddressReplySchema,
  ListDeliveryAddressesQuerySchema,
  SaveDeliveryAddressBodySchema,
  SetDefaultAddressBodySchema,
  SetDefaultAddressQuerySchema,
  UpdateDeliveryAddressBodySchema,
} from '@tfb/contract';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertOwnEnterprise } from '../../lib/own-enterprise.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { useFieldMessagesAsIs } from '../../lib/validation.js';
import type { Session } from '../../plugins/session.js';
import { createAddress, findAddress, pageAddresses, setDefaultAddress, updateAddress, type Actor } from './repository.js';

const actorOf = (s: Session): Actor => ({ enterpriseId: s.enterpriseId, userId: s.userId, userName: s.userName });

export const addressBookRoutes: FastifyPluginAsyncZod = async (app) => {
  useFieldMessagesAsIs(app);
  const db = app.database.db;
  const tags = ['address-book'];

  app.get(
    ADDRESS_BOOK_PATHS.list,
    { config: { access: 'customers:read' }, schema: { tags, querystring: ListDeliveryAddressesQuerySchema, response: { 200: DeliveryAddressPageReplySchema } } },
    async (req) => {
      const s = req.session();
      assertOwnEnterprise(s, req.query.enterpriseId);
      const w = pageWindow(req.query);
      const { content, total } = await pageAddresses(db, s.enterpriseId, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.post(
    ADDRESS_BOOK_PATHS.add,
    { config: { access: 'customers:write' }, schema: { tags, body: SaveDeliveryAddressBodySchema, response: { 200: DeliveryAddressReplySchema } } },
    async (req) => {
      const s = req.session();
      assertOwnEnterprise(s, req.body.enterpriseId);
      return ok(await createAddress(db, actorOf(s), req.body));
    },
  );

  app.post(
    ADDRESS_BOOK_PATHS.update,
    { config: { access: 'customers:write' }, schema: { tags, body: UpdateDeliveryAddressBodySchema, response: { 200: DeliveryAddressReplySchema } } },
    async (req) => {
      const s = req.session();
      assertOwnEnterprise(s, req.body.enterpriseId);
      const updated = await updateAddress(db, actorOf(s), req.body.id, req.body, req.body.version);
      if (!updated) throw notFound('收货地址');
      if ('kind' in updated) throw conflict(BUSINESS_MESSAGES.staleVersion);
      return ok(updated);
    },
  );

  app.post(
    ADDRESS_BOOK_PATHS.setDefault,
    {
      config: { access: 'customers:write' },
      schema: {
        tags,
        querystring: SetDefaultAddressQuerySchema,
        body: SetDefaultAddressBodySchema,
        response: { 200: DeliveryAddressReplySchema },
      },
    },
    async (req) => {
      const s = req.session();
      const fromQuery = req.query.id;
      const fromBody = req.body.id;
      if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody) {
        throw badRequest('查询参数 id 与请求体 id 不一致', [{ field: 'id', message: '查询参数 id 与请求体 id 不一致' }]);
      }
      const id = fromQuery ?? fromBody;
      if (id === undefined) throw badRequest('请选择要设为默认的地址', [{ field: 'id', message: '请选择要设为默认的地址' }]);
      if (!(await setDefaultAddress(db, actorOf(s), id))) throw notFound('收货地址');
      const address = await findAddress(db, s.enterpriseId, id);
      if (!address) throw notFound('收货地址');
      return ok(address);
    },
  );
};
