// Products (platform-wide: products:read reads, products:admin maintains) and the enterprise's signings of them
// (products:read reads, products:write signs and submits; the approval goes through the process module), plus an
// admin's retry of a failed risk-service delivery.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamSchema,
  ListProductsQuerySchema,
  ListSigningsQuerySchema,
  PRODUCT_EXPORT,
  PRODUCT_PATHS,
  ProductPageReplySchema,
  ProductReplySchema,
  SaveProductBodySchema,
  SaveSigningBodySchema,
  ShelfBodySchema,
  SIGNING_EXPORT,
  SigningPageReplySchema,
  SigningReplySchema,
  SubmitSigningBodySchema,
  UpdateProductBodySchema,
  UpdateSigningBodySchema,
} from '@tfb/contract';
import { withFreshCode } from '../../lib/business-codes.js';
import { assertSaved } from '../../lib/edit-rules.js';
import { generateNumber, NUMBER_KEYS } from '../../lib/numbering.js';
import { found, ok, okFound } from '../../lib/reply.js';
import { pagedGet } from '../../lib/route.js';
import { createProduct, getProduct, pageProducts, PRODUCT_NOUN, setShelf, updateProduct } from './catalogue.js';
import { retryFailed } from './outbox.js';
import { createSigning, getSigning, pageSignings, SIGNING_NOUN, submitSigning, updateSigning } from './signings.js';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['products'];
  const configured = () => app.config.riskServiceUrl !== undefined;

  // ---- Products ----
  pagedGet(
    app,
    PRODUCT_PATHS.products,
    { access: 'products:read', tags, query: ListProductsQuerySchema, reply: ProductPageReplySchema, listExport: PRODUCT_EXPORT },
    (_s, q, w) => pageProducts(db, q, w),
  );
  app.get(
    PRODUCT_PATHS.product,
    { config: { access: 'products:read' }, schema: { tags, params: IdParamSchema, response: { 200: ProductReplySchema } } },
    async (req) => okFound(await getProduct(db, req.params.id), PRODUCT_NOUN),
  );
  app.post(
    PRODUCT_PATHS.products,
    { config: { access: 'products:admin' }, schema: { tags, body: SaveProductBodySchema, response: { 200: ProductReplySchema } } },
    async (req) => ok(await createProduct(db, req.session().userId, req.body)),
  );
  app.put(
    PRODUCT_PATHS.product,
    {
      config: { access: 'products:admin' },
      schema: { tags, params: IdParamSchema, body: UpdateProductBodySchema, response: { 200: ProductReplySchema } },
    },
    async (req) => ok(await updateProduct(db, req.session().userId, req.params.id, req.body)),
  );
  app.put(
    PRODUCT_PATHS.shelf,
    {
      config: { access: 'products:admin' },
      schema: { tags, params: IdParamSchema, body: ShelfBodySchema, response: { 200: ProductReplySchema } },
    },
    async (req) => ok(await setShelf(db, req.session().userId, req.params.id, req.body)),
  );

  // ---- Signings ----
  pagedGet(
    app,
    PRODUCT_PATHS.signings,
    { access: 'products:read', tags, query: ListSigningsQuerySchema, reply: SigningPageReplySchema, listExport: SIGNING_EXPORT },
    (s, q, w) => pageSignings(db, s.enterpriseId, q, w),
  );
  app.get(
    PRODUCT_PATHS.signing,
    { config: { access: 'products:read' }, schema: { tags, params: IdParamSchema, response: { 200: SigningReplySchema } } },
    async (req) => okFound(await getSigning(db, req.session().enterpriseId, req.params.id, configured()), SIGNING_NOUN),
  );
  app.post(
    PRODUCT_PATHS.signings,
    { config: { access: 'products:write' }, schema: { tags, body: SaveSigningBodySchema, response: { 200: SigningReplySchema } } },
    async (req) => {
      const s = req.session();
      const created = await withFreshCode(
        () => generateNumber(db, s.enterpriseId, NUMBER_KEYS.productSigning),
        (code) => createSigning(db, s, code, req.body),
      );
      return ok({ ...created, riskServiceConfigured: configured() });
    },
  );
  app.put(
    PRODUCT_PATHS.signing,
    {
      config: { access: 'products:write' },
      schema: { tags, params: IdParamSchema, body: UpdateSigningBodySchema, response: { 200: SigningReplySchema } },
    },
    async (req) => {
      const saved = assertSaved(await updateSigning(db, req.session(), req.params.id, req.body, req.body.version), SIGNING_NOUN);
      return ok({ ...saved, riskServiceConfigured: configured() });
    },
  );
  app.post(
    PRODUCT_PATHS.submitSigning,
    {
      config: { access: 'products:write' },
      schema: { tags, params: IdParamSchema, body: SubmitSigningBodySchema, response: { 200: SigningReplySchema } },
    },
    async (req) => ok({ ...(await submitSigning(db, req.session(), req.params.id, req.body)), riskServiceConfigured: configured() }),
  );
  app.post(
    PRODUCT_PATHS.retryDelivery,
    { config: { access: 'products:admin' }, schema: { tags, params: IdParamSchema, response: { 200: SigningReplySchema } } },
    async (req) => {
      const s = req.session();
      // Another enterprise's signing does not exist.
      found(await getSigning(db, s.enterpriseId, req.params.id), SIGNING_NOUN);
      await retryFailed(db, s.enterpriseId, req.params.id);
      return okFound(await getSigning(db, s.enterpriseId, req.params.id, configured()), SIGNING_NOUN);
    },
  );
};
