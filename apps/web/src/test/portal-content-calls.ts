// The calls of the portal content (contentPaths of each site and type), built from the contract's schemas for
// the mock API until its list of calls (API_ENDPOINTS) names them. Item actions answer the item; the reorder
// answers the type's first page.
import {
  BatchContentBodySchema,
  BatchContentReplySchema,
  CONTENT_TYPES,
  ContentDiffQuerySchema,
  ContentDiffReplySchema,
  ContentItemReplySchema,
  ContentListQuerySchema,
  ContentPageReplySchema,
  ContentVersionDataReplySchema,
  ContentVersionsReplySchema,
  PORTAL_SITES,
  PreviewLinkReplySchema,
  ReorderContentBodySchema,
  SubmitContentBodySchema,
  WithdrawContentBodySchema,
  contentPaths,
  createContentBodySchema,
  saveContentBodySchema,
  type Endpoint,
} from '@tfb/contract';
import { addContractCalls } from './mock-api';

export function addPortalContentCalls(): void {
  const calls: Endpoint[] = [];
  for (const site of PORTAL_SITES)
    for (const type of CONTENT_TYPES) {
      const p = contentPaths(site, type);
      const item = ContentItemReplySchema;
      calls.push(
        { method: 'GET', path: p.items, query: ContentListQuerySchema, reply: ContentPageReplySchema },
        { method: 'POST', path: p.items, body: createContentBodySchema(type), reply: item },
        { method: 'GET', path: p.item, reply: item },
        { method: 'PUT', path: p.item, body: saveContentBodySchema(type), reply: item },
        { method: 'POST', path: p.submit, body: SubmitContentBodySchema, reply: item },
        { method: 'POST', path: p.withdraw, body: WithdrawContentBodySchema, reply: item },
        { method: 'POST', path: p.reissue, reply: item },
        { method: 'GET', path: p.versions, reply: ContentVersionsReplySchema },
        { method: 'GET', path: p.version, reply: ContentVersionDataReplySchema },
        { method: 'POST', path: p.restore, reply: item },
        { method: 'GET', path: p.diff, query: ContentDiffQuerySchema, reply: ContentDiffReplySchema },
        { method: 'POST', path: p.preview, reply: PreviewLinkReplySchema },
        { method: 'POST', path: p.batch, body: BatchContentBodySchema, reply: BatchContentReplySchema },
        { method: 'PUT', path: p.order, body: ReorderContentBodySchema, reply: ContentPageReplySchema },
      );
    }
  addContractCalls(calls);
}
