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
import { found } from '../../lib/reply.js';
import { pagedGet, sessionCall } from '../../lib/route.js';
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

  const add = { access: 'customers:write', tags, body: SaveDeliveryAddressBodySchema, reply: DeliveryAddressReplySchema } as const;
  sessionCall(app, 'POST', ADDRESS_BOOK_PATHS.add, add, async (s, { body }) => {
    assertOwnEnterprise(s, body.enterpriseId);
    return createAddress(db, s, body);
  });

  const update = { access: 'customers:write', tags, body: UpdateDeliveryAddressBodySchema, reply: DeliveryAddressReplySchema } as const;
  sessionCall(app, 'POST', ADDRESS_BOOK_PATHS.update, update, async (s, { body }) => {
    assertOwnEnterprise(s, body.enterpriseId);
    return assertSaved(await updateAddress(db, s, body.id, body, body.version), ADDRESS);
  });

  const setDefault = {
    access: 'customers:write',
    tags,
    query: SetDefaultAddressQuerySchema,
    body: SetDefaultAddressBodySchema,
    reply: DeliveryAddressReplySchema,
  } as const;
  sessionCall(app, 'POST', ADDRESS_BOOK_PATHS.setDefault, setDefault, async (s, { query, body }) => {
    if (query.id !== undefined && body.id !== undefined && query.id !== body.id) {
      throw fieldError('id', '查询参数 id 与请求体 id 不一致');
    }
    const id = query.id ?? body.id;
    if (id === undefined) throw fieldError('id', '请选择要设为默认的地址');
    return found(await setDefaultAddress(db, s, id), ADDRESS);
  });
};
