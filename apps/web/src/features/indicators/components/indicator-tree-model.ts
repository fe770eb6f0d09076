// The indicator editor's local model: the tree as the whole-tree save sends it (IndicatorNode: the indicator's
// fields, `id` for one that exists, `key` and `parentKey` for its place), parents first and siblings in order. The
// shared tree editor's model (components/mind-map) under the indicator tree's rules: the contract's shape rules
// (cycles, depth, codes unique), the name's, and an indicator with children cannot be deleted.
import { z } from 'zod';
import {
  indicatorNodeOf,
  INDICATOR_FIELDS,
  INDICATOR_MESSAGES,
  IndicatorNodeSchema,
  indicatorTreeProblem,
  type IndicatorNode,
  type IndicatorTree,
} from '@tfb/contract';
import { createTreeModel, type TreeEditResult } from '../../../components/mind-map/tree-model';

export type { IndicatorNode };
export type IndicatorEditResult = TreeEditResult<IndicatorNode>;
/** The editable fields of an indicator (its place is the tree's). */
export type IndicatorValues = Omit<IndicatorNode, 'id' | 'key' | 'parentKey'>;

/** The draft the autosave keeps on the server: the local list as the whole-tree save would send it. */
export const IndicatorDraftTreeSchema = z.object({ indicators: z.array(IndicatorNodeSchema) });

export const keyOfId = (id: number) => `i${id}`;

export function fromTree(tree: IndicatorTree): IndicatorNode[] {
  return tree.indicators.map((i) => indicatorNodeOf(i, keyOfId));
}

/** A code no indicator of the tree holds yet: `NEW_1`, `NEW_2`, … */
function freeCode(nodes: readonly IndicatorNode[]): string {
  const taken = new Set(nodes.map((n) => n.code.toLowerCase()));
  let n = 1;
  while (taken.has(`new_${n}`)) n += 1;
  return `NEW_${n}`;
}

/** A new draft indicator named `name` (a free code, counted monthly, bound to no dataset yet). */
function newIndicator(nodes: readonly IndicatorNode[], parentKey: string | null, name: string, key: string): IndicatorNode {
  return {
    key,
    parentKey,
    code: freeCode(nodes),
    name,
    definition: '',
    unit: 'count',
    frequency: 'month',
    aggregation: 'sum',
    datasetId: '',
    field: '',
    ownerId: null,
    status: 'draft',
  };
}

export const indicatorModel = createTreeModel<IndicatorNode>({
  problem: (nodes) => indicatorTreeProblem(nodes)?.message,
  nameProblem: (name) => {
    const parsed = INDICATOR_FIELDS.name.safeParse(name);
    return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? INDICATOR_MESSAGES.nameRequired);
  },
  hasChildren: (node, children) =>
    INDICATOR_MESSAGES.hasChildren(
      node.name,
      children.map((c) => c.name),
    ),
  make: newIndicator,
});

/** The first node the contract refuses (a field left blank in the form), to select it before a save. */
export function firstInvalid(nodes: readonly IndicatorNode[]): { key: string; message: string } | null {
  for (const n of nodes) {
    const parsed = IndicatorNodeSchema.safeParse(n);
    if (!parsed.success) return { key: n.key, message: parsed.error.issues[0]?.message ?? '' };
  }
  return null;
}
