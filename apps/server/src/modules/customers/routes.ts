// Customers (issue 14): list (search, paging), detail, create, update (version → 409), delete (refused while a
// business record names the customer). Reading needs customers:read, writing customers:write; every call is the
// caller's enterprise's: another enterprise's customer is 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUSTOMER_EXPORT,
  CUSTOMER_PATHS,
  CustomerDeletedReplySchema,
  CustomerIdParamsSchema,
  CustomerPageReplySchema,
  CustomerReplySchema,
  ListCustomersQuerySchema,
  SaveCustomerBodySchema,
  UpdateCustomerBodySchema,
  customerExportRow,
} from '@tfb/contract';
import { assertSaved } from '../../lib/edit-rules.js';
import { listExportRoute } from '../../lib/list-export.js';
import { found } from '../../lib/reply.js';
import { pagedGet, sessionCall } from '../../lib/route.js';
import { useFieldMessagesAsIs } from '../../lib/validation.js';
import { createCustomer, deleteCustomer, getCustomer, pageCustomers, updateCustomer } from './repository.js';

const CUSTOMER = '客户';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  useFieldMessagesAsIs(app);
  const db = app.database.db;
  const tags = ['customers'];
  const read = 'customers:read';
  const write = 'customers:write';

  pagedGet(app, CUSTOMER_PATHS.list, { access: read, tags, query: ListCustomersQuerySchema, reply: CustomerPageReplySchema }, (s, q, w) =>
    pageCustomers(db, s.enterpriseId, { search: q.search }, w),
  );
  // 导出 Excel: the list's rows, its contact and region written as the list shows them.
  listExportRoute(app, CUSTOMER_EXPORT, { access: read, tags, query: ListCustomersQuerySchema }, async (s, q, w) => {
    const page = await pageCustomers(db, s.enterpriseId, { search: q.search }, w);
    return { ...page, content: page.content.map(customerExportRow) };
  });

  const get = { access: read, tags, params: CustomerIdParamsSchema, reply: CustomerReplySchema } as const;
  sessionCall(app, 'GET', CUSTOMER_PATHS.item, get, async (s, { params }) =>
    found(await getCustomer(db, s.enterpriseId, params.id), CUSTOMER),
  );

  const create = { access: write, tags, body: SaveCustomerBodySchema, reply: CustomerReplySchema } as const;
  sessionCall(app, 'POST', CUSTOMER_PATHS.list, create, (s, { body }) => createCustomer(db, s, body));

  const update = {
    access: write,
    tags,
    params: CustomerIdParamsSchema,
    body: UpdateCustomerBodySchema,
    reply: CustomerReplySchema,
  } as const;
  sessionCall(app, 'PUT', CUSTOMER_PATHS.item, update, async (s, { params, body }) =>
    assertSaved(await updateCustomer(db, s, params.id, body, body.version), CUSTOMER),
  );

  const remove = { access: write, tags, params: CustomerIdParamsSchema, reply: CustomerDeletedReplySchema } as const;
  sessionCall(app, 'DELETE', CUSTOMER_PATHS.item, remove, (s, { params }) => deleteCustomer(db, s.enterpriseId, params.id));
};
