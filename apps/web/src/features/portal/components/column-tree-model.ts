// The column editor's local model: the site's tree as the whole-tree save sends it (TreeNode: the column's fields,
// `id` for a column that exists, `key` and `parentKey` for its place), parents first and siblings in order. Every
// edit of the outline and the mind map is one of the functions here; each returns the new tree, or the message
// (the contract's, the one the server would answer) of the rule it would break, and then changes nothing.
import { z } from 'zod';
import { COLUMN_FIELDS, PORTAL_MESSAGES, TreeNodeSchema, depthFirst, treeProblem, type ColumnTree, type TreeNode } from '@tfb/contract';

export type ColumnNode = TreeNode;
/** What an edit leads to: the new list, or why it is refused. */
export type EditResult = { ok: true; columns: ColumnNode[] } | { ok: false; message: string };

/** The editable fields of a column (its place is the tree's). */
export type ColumnValues = Omit<ColumnNode, 'id' | 'key' | 'parentKey' | 'sortOrder'>;

/** The draft the autosave keeps on the server: the local list as the whole-tree save would send it. */
export const ColumnDraftTreeSchema = z.object({ columns: z.array(TreeNodeSchema) });
export type ColumnDraftTree = z.infer<typeof ColumnDraftTreeSchema>;

export const keyOfId = (id: number) => `c${id}`;

export function fromTree(tree: ColumnTree): ColumnNode[] {
  return tree.columns.map((c) => ({
    id: c.id,
    key: keyOfId(c.id),
    parentKey: c.parentId === null ? null : keyOfId(c.parentId),
    name: c.name,
    slug: c.slug,
    kind: c.kind,
    linkUrl: c.linkUrl,
    visible: c.visible,
    seoTitle: c.seoTitle,
    seoKeywords: c.seoKeywords,
    seoDescription: c.seoDescription,
    sortOrder: undefined,
  }));
}

/** Parents first, siblings in the order they stand in `columns`. */
function ordered(columns: readonly ColumnNode[]): ColumnNode[] {
  const at = new Map(columns.map((c, i) => [c.key, i]));
  return depthFirst(
    columns,
    (c) => c.key,
    (c) => c.parentKey,
    (a, b) => at.get(a.key)! - at.get(b.key)!,
  );
}

function checked(columns: ColumnNode[]): EditResult {
  const problem = treeProblem(columns);
  return problem ? { ok: false, message: problem.message } : { ok: true, columns: ordered(columns) };
}

export const childrenOf = (columns: readonly ColumnNode[], parentKey: string | null) => columns.filter((c) => c.parentKey === parentKey);

/** A slug no sibling under `parentKey` holds yet: `new-column`, `new-column-2`, … */
function freeSlug(columns: readonly ColumnNode[], parentKey: string | null): string {
  const taken = new Set(childrenOf(columns, parentKey).map((c) => c.slug));
  let n = 1;
  while (taken.has(n === 1 ? 'new-column' : `new-column-${n}`)) n += 1;
  return n === 1 ? 'new-column' : `new-column-${n}`;
}

let created = 0;
/** A key for a column made here (the server gives it an id when the tree is saved). */
export const newKey = () => `n${Date.now().toString(36)}${(created += 1)}`;

/** A new list column named `name` under `parentKey` (its slug free among the siblings `columns` hold there). */
function newColumn(columns: readonly ColumnNode[], parentKey: string | null, name: string, key: string): ColumnNode {
  return {
    key,
    parentKey,
    name,
    slug: freeSlug(columns, parentKey),
    kind: 'list',
    linkUrl: '',
    visible: true,
    seoTitle: '',
    seoKeywords: '',
    seoDescription: '',
    sortOrder: undefined,
  };
}

/** A new list column named `name` under `parentKey`, after `afterKey` among its siblings (else last). */
export function addColumn(
  columns: readonly ColumnNode[],
  parentKey: string | null,
  name: string,
  { afterKey, key = newKey() }: { afterKey?: string; key?: string } = {},
): EditResult & { key: string } {
  const list = [...columns];
  const after = afterKey === undefined ? -1 : list.findIndex((c) => c.key === afterKey);
  list.splice(after >= 0 ? after + 1 : list.length, 0, newColumn(columns, parentKey, name, key));
  return { ...checked(list), key };
}

export function updateColumn(columns: readonly ColumnNode[], key: string, values: Partial<ColumnValues>): EditResult {
  return checked(columns.map((c) => (c.key === key ? { ...c, ...values } : c)));
}

/**
 * Deletes a column. One with child columns is refused with the server's where-used message (its children point
 * at it); what else uses a column (content, banners, slots) the server names when the tree is saved.
 */
export function removeColumn(columns: readonly ColumnNode[], key: string): EditResult {
  const node = columns.find((c) => c.key === key);
  if (!node) return { ok: true, columns: [...columns] };
  const children = childrenOf(columns, key);
  if (children.length > 0) {
    return { ok: false, message: PORTAL_MESSAGES.inUse(node.name, [PORTAL_MESSAGES.childColumns(children.map((c) => c.name))]) };
  }
  return checked(columns.filter((c) => c.key !== key));
}

/** Moves a column (with its subtree) under `parentKey` at `position` among its new siblings (0 first). */
export function moveColumn(columns: readonly ColumnNode[], key: string, parentKey: string | null, position: number): EditResult {
  const node = columns.find((c) => c.key === key);
  if (!node) return { ok: true, columns: [...columns] };
  const rest = columns.filter((c) => c.key !== key);
  const siblings = childrenOf(rest, parentKey);
  const moved = { ...node, parentKey };
  const before = siblings[Math.max(0, Math.min(position, siblings.length))];
  const list = [...rest];
  if (before) list.splice(list.indexOf(before), 0, moved);
  else list.push(moved);
  return checked(list);
}

/** The tree's shape as a nested list (the mind map's and the outline's). */
export type ColumnBranch = { node: ColumnNode; children: ColumnBranch[] };

export function branches(columns: readonly ColumnNode[], parentKey: string | null = null): ColumnBranch[] {
  return childrenOf(columns, parentKey).map((node) => ({ node, children: branches(columns, node.key) }));
}

/** A tree the mind map reports (names and places): edited names, moves, new and deleted columns in one. */
export type ShapeNode = { key: string; name: string; children: ShapeNode[] };

/**
 * Applies the shape the mind map holds after an edit: names and places from it; nodes it made become new
 * columns, and nodes it lost are deleted (each through the same rules as the outline's edits).
 */
export function applyShape(columns: readonly ColumnNode[], shape: readonly ShapeNode[]): EditResult {
  const known = new Map(columns.map((c) => [c.key, c]));
  const kept = new Set<string>();
  const list: ColumnNode[] = [];
  const visit = (nodes: readonly ShapeNode[], parentKey: string | null) => {
    for (const s of nodes) {
      const before = known.get(s.key);
      kept.add(s.key);
      list.push(before ? { ...before, parentKey, name: s.name } : newColumn([...columns, ...list], parentKey, s.name, s.key));
      visit(s.children, s.key);
    }
  };
  visit(shape, null);
  for (const c of list) {
    const name = COLUMN_FIELDS.name.safeParse(c.name);
    if (!name.success) return { ok: false, message: name.error.issues[0]?.message ?? PORTAL_MESSAGES.nameRequired };
  }
  for (const c of columns) {
    if (kept.has(c.key)) continue;
    const children = columns.filter((x) => x.parentKey === c.key);
    if (children.length > 0) {
      return { ok: false, message: PORTAL_MESSAGES.inUse(c.name, [PORTAL_MESSAGES.childColumns(children.map((x) => x.name))]) };
    }
  }
  return checked(list);
}

/** Whether two lists hold the same tree (what the save would write). */
export const sameTree = (a: readonly ColumnNode[], b: readonly ColumnNode[]) => JSON.stringify(a) === JSON.stringify(b);

/** The first node the contract refuses (a field left blank in the form), to select it before a save. */
export function firstInvalid(columns: readonly ColumnNode[]): { key: string; message: string } | null {
  for (const c of columns) {
    const parsed = TreeNodeSchema.safeParse(c);
    if (!parsed.success) return { key: c.key, message: parsed.error.issues[0]?.message ?? '' };
  }
  return null;
}
