// The blockchain menu's calls (issue 14): the document log's entries and checkpoints, an entry's certificate and the
// lookup of a file's hash. All need blockchain:read; the enterprise is the session's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CertificateParamsSchema,
  CertificateReplySchema,
  CheckpointsReplySchema,
  DOCUMENT_LOG_PATHS,
  DocumentLogEntriesQuerySchema,
  DocumentLogEntriesReplySchema,
  LookupQuerySchema,
  LookupReplySchema,
  PageQuerySchema,
} from '@tfb/contract';
import { loadLogKey, type LogKey } from '../../lib/document-log.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { sessionCall } from '../../lib/route.js';
import { useFieldMessagesAsIs } from '../../lib/validation.js';
import { certificateOf, lookup, pageCheckpoints, pageEntries } from './repository.js';

export const blockchainRoutes: FastifyPluginAsyncZod = async (app) => {
  useFieldMessagesAsIs(app);
  const db = app.database.db;
  const tags = ['blockchain'];
  let key: Promise<LogKey> | undefined;
  const logKey = () => (key ??= loadLogKey(db, app.config.documentLogSecret));

  const entries = { access: 'blockchain:read', tags, query: DocumentLogEntriesQuerySchema, reply: DocumentLogEntriesReplySchema } as const;
  sessionCall(app, 'GET', DOCUMENT_LOG_PATHS.entries, entries, async (s, { query }) => {
    const w = pageWindow(query);
    const page = await pageEntries(db, s.enterpriseId, query.own === '1', w);
    return { ...pageOf(page.content, page.total, w), treeSize: page.treeSize };
  });

  const checkpoints = { access: 'blockchain:read', tags, query: PageQuerySchema, reply: CheckpointsReplySchema } as const;
  sessionCall(app, 'GET', DOCUMENT_LOG_PATHS.checkpoints, checkpoints, async (_s, { query }) => {
    const w = pageWindow(query, 100);
    const k = await logKey();
    const page = await pageCheckpoints(db, k, w);
    return { ...pageOf(page.content, page.total, w), publicKey: k.publicKeyHex };
  });

  const certificate = { access: 'blockchain:read', tags, params: CertificateParamsSchema, reply: CertificateReplySchema } as const;
  sessionCall(app, 'GET', DOCUMENT_LOG_PATHS.certificate, certificate, async (s, { params }) =>
    certificateOf(db, await logKey(), s.enterpriseId, params.index),
  );

  const find = { access: 'blockchain:read', tags, query: LookupQuerySchema, reply: LookupReplySchema } as const;
  sessionCall(app, 'GET', DOCUMENT_LOG_PATHS.lookup, find, async (s, { query }) => ({
    sha256: query.sha256,
    matches: await lookup(db, s.enterpriseId, query.sha256),
  }));
};
