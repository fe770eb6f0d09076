// The document register's calls (issue 14): the log's entries and signed checkpoints, an entry's certificate, and
// the lookup of a file's SHA-256. Each: the fetcher, its queryOptions and the hook.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CertificateReplySchema,
  CheckpointsReplySchema,
  DOCUMENT_LOG_PATHS,
  DocumentLogEntriesReplySchema,
  LookupReplySchema,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';

export const DOCUMENT_LOG_KEY = ['document-log'] as const;

const EntriesSchema = DocumentLogEntriesReplySchema.shape.data;
const CheckpointsSchema = CheckpointsReplySchema.shape.data;
const CertificateSchema = CertificateReplySchema.shape.data;
const LookupSchema = LookupReplySchema.shape.data;
export type EntriesPage = ReturnType<typeof EntriesSchema.parse>;
export type CheckpointsPage = ReturnType<typeof CheckpointsSchema.parse>;
export type CertificateView = ReturnType<typeof CertificateSchema.parse>;
export type LookupResult = ReturnType<typeof LookupSchema.parse>;

type Paging = { pageNumber: number; pageSize: number };

export const entriesQueryOptions = (paging: Paging, ownOnly: boolean) =>
  queryOptions({
    queryKey: [...DOCUMENT_LOG_KEY, 'entries', paging, ownOnly],
    queryFn: ({ signal }) =>
      api.get(DOCUMENT_LOG_PATHS.entries, { query: { ...paging, ...(ownOnly ? { own: '1' } : {}) }, schema: EntriesSchema, signal }),
    placeholderData: keepPreviousData,
  });
export const useEntries = (paging: Paging, ownOnly: boolean) => useQuery(entriesQueryOptions(paging, ownOnly));

export const checkpointsQueryOptions = (paging: Paging) =>
  queryOptions({
    queryKey: [...DOCUMENT_LOG_KEY, 'checkpoints', paging],
    queryFn: ({ signal }) => api.get(DOCUMENT_LOG_PATHS.checkpoints, { query: paging, schema: CheckpointsSchema, signal }),
    placeholderData: keepPreviousData,
  });
export const useCheckpoints = (paging: Paging) => useQuery(checkpointsQueryOptions(paging));

export const certificateQueryOptions = (index: number) =>
  queryOptions({
    queryKey: [...DOCUMENT_LOG_KEY, 'certificate', index],
    queryFn: ({ signal }) =>
      api.get(DOCUMENT_LOG_PATHS.certificate.replace(':index', String(index)), { schema: CertificateSchema, signal }),
  });
export const useCertificate = (index: number | undefined) =>
  useQuery({ ...certificateQueryOptions(index ?? -1), enabled: index !== undefined });

export const lookupQueryOptions = (sha256: string) =>
  queryOptions({
    queryKey: [...DOCUMENT_LOG_KEY, 'lookup', sha256],
    queryFn: ({ signal }) => api.get(DOCUMENT_LOG_PATHS.lookup, { query: { sha256 }, schema: LookupSchema, signal }),
  });
export const useLookup = (sha256: string | undefined) => useQuery({ ...lookupQueryOptions(sha256 ?? ''), enabled: sha256 !== undefined });
