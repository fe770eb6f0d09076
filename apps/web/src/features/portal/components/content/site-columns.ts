// The site's columns as the content screens use them: the tree for a column picker (only the kinds a type may
// place its items in can be picked), the names by id, and each column's path (parent names) for a flat list.
import { useQuery } from '@tanstack/react-query';
import type { Column, ColumnKind, PortalSite } from '@tfb/contract';
import { columnTreeQueryOptions } from '../../api/column-tree';

export type ColumnTreeOption = { value: number; title: string; selectable: boolean; disabled?: boolean; children?: ColumnTreeOption[] };

export function columnTreeOptions(columns: readonly Column[], kinds: readonly ColumnKind[] | undefined): ColumnTreeOption[] {
  const byParent = new Map<number | null, Column[]>();
  for (const c of columns) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
  const build = (parentId: number | null): ColumnTreeOption[] =>
    (byParent.get(parentId) ?? []).map((c) => {
      const children = build(c.id);
      const selectable = !kinds || kinds.includes(c.kind as 'list');
      return {
        value: c.id,
        title: c.name,
        selectable,
        disabled: !selectable && children.length === 0,
        ...(children.length ? { children } : {}),
      };
    });
  return build(null);
}

/** "Parent / child" names of each column, by id. */
export function columnPaths(columns: readonly Column[]): Map<number, string> {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const paths = new Map<number, string>();
  const pathOf = (c: Column): string => {
    const known = paths.get(c.id);
    if (known !== undefined) return known;
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    const path = parent ? `${pathOf(parent)} / ${c.name}` : c.name;
    paths.set(c.id, path);
    return path;
  };
  for (const c of columns) pathOf(c);
  return paths;
}

export function useSiteColumns(site: PortalSite) {
  const query = useQuery(columnTreeQueryOptions(site));
  const columns = query.data?.columns ?? [];
  return { query, columns, paths: columnPaths(columns) };
}
