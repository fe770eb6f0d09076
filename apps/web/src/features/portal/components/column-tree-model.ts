// The column editor's local model: the site's tree as the whole-tree save sends it (TreeNode: the column's fields,
// `id` for a column that exists, `key` and `parentKey` for its place), parents first and siblings in order. Every
// edit of the outline and the mind map is one of the functions here, the shared tree editor's model
// (components/mind-map) under the column tree's rules; each returns the new tree, or the message (the contract's,
// the one the server would answer) of the rule it would break, and then changes nothing.
import { z } from 'zod';
import { COLUMN_FIELDS, PORTAL_MESSAGES, TreeNodeSchema, treeProblem, type ColumnTree, type TreeNode } from '@tfb/contract';
import {
  branches,
  childrenOf,
  createTreeModel,
  newKey,
  sameTree,
  type ShapeNode,
  type TreeBranch,
  type TreeEditResult,
} from '../../../components/mind-map/tree-model';

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

/** A slug no sibling under `parentKey` holds yet: `new-column`, `new-column-2`, … */
function freeSlug(columns: readonly ColumnNode[], parentKey: string | null): string {
  const taken = new Set(childrenOf(columns, parentKey).map((c) => c.slug));
  let n = 1;
  while (taken.has(n === 1 ? 'new-column' : `new-column-${n}`)) n += 1;
  return n === 1 ? 'new-column' : `new-column-${n}`;
}

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

/**
 * The column tree's rules over the shared tree editor's model: the contract's tree rules (cycles, depth, sibling
 * slugs), the name field's, and a column with child columns is refused with the server's where-used message (what
 * else uses a column — content, banners, slots — the server names when the tree is saved).
 */
const model = createTreeModel<ColumnNode>({
  problem: (columns) => treeProblem(columns)?.message,
  nameProblem: (name) => {
    const parsed = COLUMN_FIELDS.name.safeParse(name);
    return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? PORTAL_MESSAGES.nameRequired);
  },
  hasChildren: (node, children) => PORTAL_MESSAGES.inUse(node.name, [PORTAL_MESSAGES.childColumns(children.map((c) => c.name))]),
  make: newColumn,
});

const asColumns = (r: TreeEditResult<ColumnNode>): EditResult => (r.ok ? { ok: true, columns: r.nodes } : r);

/** A new list column named `name` under `parentKey`, after `afterKey` among its siblings (else last). */
export const addColumn = (
  columns: readonly ColumnNode[],
  parentKey: string | null,
  name: string,
  options: { afterKey?: string; key?: string } = {},
): EditResult & { key: string } => {
  const r = model.add(columns, parentKey, name, options);
  return { ...asColumns(r), key: r.key };
};

export const updateColumn = (columns: readonly ColumnNode[], key: string, values: Partial<ColumnValues>): EditResult =>
  asColumns(model.update(columns, key, values));

/** Deletes a column; one with child columns is refused with the server's where-used message. */
export const removeColumn = (columns: readonly ColumnNode[], key: string): EditResult => asColumns(model.remove(columns, key));

/** Moves a column (with its subtree) under `parentKey` at `position` among its new siblings (0 first). */
export const moveColumn = (columns: readonly ColumnNode[], key: string, parentKey: string | null, position: number): EditResult =>
  asColumns(model.move(columns, key, parentKey, position));

/** The tree's shape as a nested list (the mind map's and the outline's). */
export type ColumnBranch = TreeBranch<ColumnNode>;
export { branches, childrenOf, newKey, sameTree, type ShapeNode };

/**
 * Applies the shape the mind map holds after an edit: names and places from it; nodes it made become new
 * columns, and nodes it lost are deleted (each through the same rules as the outline's edits).
 */
export const applyShape = (columns: readonly ColumnNode[], shape: readonly ShapeNode[]): EditResult =>
  asColumns(model.applyShape(columns, shape));

/** The first node the contract refuses (a field left blank in the form), to select it before a save. */
export function firstInvalid(columns: readonly ColumnNode[]): { key: string; message: string } | null {
  for (const c of columns) {
    const parsed = TreeNodeSchema.safeParse(c);
    if (!parsed.success) return { key: c.key, message: parsed.error.issues[0]?.message ?? '' };
  }
  return null;
}
