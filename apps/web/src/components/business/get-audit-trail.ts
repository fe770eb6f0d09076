// GET /api/audit: one record's change history (who, when, what changed), newest first, paged zero-based.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PATHS, AuditPageReplySchema, type AuditQuery } from '@tfb/contract';
import { api } from '../../lib/api-client';

const PageSchema = AuditPageReplySchema.shape.data;

/** The contract's audit query as the server reads it (its id is coerced from the query string, so z.input would be unknown). */
export type AuditTrailParams = AuditQuery;

export const AUDIT_ROOT_KEY = ['audit'] as const;

export function getAuditTrail(params: AuditTrailParams, signal?: AbortSignal) {
  return api.get(AUDIT_PATHS.list, { query: params, schema: PageSchema, signal });
}

export const auditTrailQueryOptions = (params: AuditTrailParams) =>
  queryOptions({
    queryKey: [...AUDIT_ROOT_KEY, params.entity, params.id, params] as const,
    queryFn: ({ signal }) => getAuditTrail(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditTrail(params: AuditTrailParams) {
  return useQuery(auditTrailQueryOptions(params));
}
