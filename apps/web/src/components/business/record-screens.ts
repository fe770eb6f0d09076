// A record kind as the shared record screens know it: where its four screens are (a list path with add, edit ?id=
// and detail ?id= under it), the permission that writes its records, its kind in the change history, and its
// calls (record-api.ts). A feature describes its record kind once; the kit's screens take it whole.
import type { AuditEntity, Permission } from '@tfb/contract';
import type { ListQuery, RecordEndpoint } from './record-api';

export type RecordPaths = {
  list: string;
  add: string;
  edit: (id: number) => string;
  detail: (id: number) => string;
};

export const recordPaths = (list: string): RecordPaths => ({
  list,
  add: `${list}/add`,
  edit: (id) => `${list}/edit?id=${id}`,
  detail: (id) => `${list}/detail?id=${id}`,
});

export type RecordScreens = {
  paths: RecordPaths;
  /** Offers create and edit (the routes of add and edit require it too). */
  write: Permission;
  audit: AuditEntity;
};

export type RecordKind<Row, Detail, Query extends ListQuery = ListQuery> = RecordEndpoint<Row, Detail, Query> & RecordScreens;

/** Names a record kind (its type inferred: rows and record from the reply schemas, list params from the query schema). */
export const recordKind = <Row, Detail, Query extends ListQuery>(kind: RecordKind<Row, Detail, Query>): RecordKind<Row, Detail, Query> =>
  kind;
