// What the shared record screens need to know of a record feature: where its four screens are (a list path with
// add, edit ?id= and detail ?id= under it), the permission that writes its records, and its kind in the change
// history.
import type { AuditEntity, Permission } from '@tfb/contract';

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
