// The delivery-address book calls of spec 7.1, at exactly the paths written. Validation messages are the
// spec's (5 Address form: 请输入手机号 …), answered as is.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADDRESS_BOOK_PATHS,
  DeliveryAddressPageReplySchema,
  DeliveryAddressReplySchema,
  ListDeliveryAddressesQuerySchema,
  SaveDeliveryAddressBodySchema,
  SetDefaultAddressBodySchema,
  SetDefaultAddressQuerySchema,
  UpdateDeliveryAddressBodySchema,
} from '@tfb/contract';
import { assertSaved } from '../../lib/edit-rules.js';
import { fieldError } from '../../lib/errors.js';
import { assertOwnEnterprise } from '../../lib/own-enterprise.js';
import { ok, okFound } from '../../lib/reply.js';
import { pagedGet } from '../../lib/route.js';
import { useFieldMessagesAsIs } from '../../lib/validation.js';
import { createAddress, pageAddresses, setDefaultAddress, updateAddress } from './repository.js';

const ADDRESS = '收货地址';

export const addressBookRoutes: FastifyPluginAsyncZod = async (app) => {
  useFieldMessagesAsIs(app);
  const db = app.database.db;
  const tags = ['address-book'];

  const list = { access: 'customers:read', tags, query: ListDeliveryAddressesQuerySchema, reply: DeliveryAddressPageReplySchema } as const;
  pagedGet(app, ADDRESS_BOOK_PATHS.list, list, (s, q, w) => {
    assertOwnEnterprise(s, q.enterpriseId);
    return pageAddresses(db, s.enterpriseId, w);
  });

  app.post(
    ADDRESS_BOOK_PATHS.add,
    {
      config: { access: 'customers:write' },
      schema: { tags, body: SaveDeliveryAddressBodySchema, response: { 200: DeliveryAddressReplySchema } },
    },
    async (req) => {
      const s = req.session();
      assertOwnEnterprise(s, req.body.enterpriseId);
      return ok(await createAddress(db, s, req.body));
    },
  );

  app.post(
    ADDRESS_BOOK_PATHS.update,
    {
      config: { access: 'customers:write' },
      schema: { tags, body: UpdateDeliveryAddressBodySchema, response: { 200: DeliveryAddressReplySchema } },
    },
    async (req) => {
      const s = req.session();
      assertOwnEnterprise(s, req.body.enterpriseId);
      return ok(assertSaved(await updateAddress(db, s, req.body.id, req.body, req.body.version), ADDRESS));
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
        throw fieldError('id', '查询参数 id 与请求体 id 不一致');
      }
      const id = fromQuery ?? fromBody;
      if (id === undefined) throw fieldError('id', '请选择要设为默认的地址');
      return okFound(await setDefaultAddress(db, s, id), ADDRESS);
    },
  );
};
