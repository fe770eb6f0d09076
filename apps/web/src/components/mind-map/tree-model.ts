// The local model of a tree edited as an outline and a mind map (the portal's column tree, the data portal's
// indicator tree): a flat list of nodes, parents first and siblings in order, each with its `key`, its parent's
// `parentKey` and a `name`, plus whatever payload the feature keeps. Each edit returns the new list, or the message
// of the rule it would break (the feature's rules: `createTreeModel`) and then changes nothing.
import { depthFirst } from '@tfb/contract';

export type TreeItem = { key: string; parentKey: string | null; name: string };
/** What an edit leads to: the new list, or why it is refused. */
export type TreeEditResult<N> = { ok: true; nodes: N[] } | { ok: false; message: string };

/** The tree's shape as a nested list (the mind map's and the outline's). */
export type TreeBranch<N> = { node: N; children: TreeBranch<N>[] };
/** A tree the mind map reports (names and places): edited names, moves, new and deleted nodes in one. */
export type ShapeNode = { key: string; name: string; children: ShapeNode[] };

export const childrenOf = <N extends TreeItem>(nodes: readonly N[], parentKey: string | null) =>
  nodes.filter((c) => c.parentKey === parentKey);

export function branches<N extends TreeItem>(nodes: readonly N[], parentKey: string | null = null): TreeBranch<N>[] {
  return childrenOf(nodes, parentKey).map((node) => ({ node, children: branches(nodes, node.key) }));
}

/** Parents first, siblings in the order they stand in `nodes`. */
export function ordered<N extends TreeItem>(nodes: readonly N[]): N[] {
  const at = new Map(nodes.map((c, i) => [c.key, i]));
  return depthFirst(
    nodes,
    (c) => c.key,
    (c) => c.parentKey,
    (a, b) => at.get(a.key)! - at.get(b.key)!,
  );
}

let created = 0;
/** A key for a node made here (the server gives it an id when the tree is saved). */
export const newKey = () => `n${Date.now().toString(36)}${(created += 1)}`;

/** Whether two lists hold the same tree (what the save would write). */
export const sameTree = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

export type TreeRules<N extends TreeItem> = {
  /** The message of the first rule the whole list breaks (shape, uniqueness …), if any. */
  problem: (nodes: readonly N[]) => string | undefined;
  /** The message when `name` is not a name a node may have, if any. */
  nameProblem: (name: string) => string | undefined;
  /** Why `node` with these children cannot be deleted. */
  hasChildren: (node: N, children: readonly N[]) => string;
  /** A new node named `name` under `parentKey` (`nodes`: the list it joins, e.g. for a free slug or code). */
  make: (nodes: readonly N[], parentKey: string | null, name: string, key: string) => N;
};

/** The edits of a tree under `rules`: each checks the whole list it would make. */
export function createTreeModel<N extends TreeItem>(rules: TreeRules<N>) {
  const checked = (nodes: N[]): TreeEditResult<N> => {
    const problem = rules.problem(nodes);
    return problem ? { ok: false, message: problem } : { ok: true, nodes: ordered(nodes) };
  };
  return {
    checked,
    /** A new node named `name` under `parentKey`, after `afterKey` among its siblings (else last). */
    add(
      nodes: readonly N[],
      parentKey: string | null,
      name: string,
      { afterKey, key = newKey() }: { afterKey?: string; key?: string } = {},
    ): TreeEditResult<N> & { key: string } {
      const list = [...nodes];
      const after = afterKey === undefined ? -1 : list.findIndex((c) => c.key === afterKey);
      list.splice(after >= 0 ? after + 1 : list.length, 0, rules.make(nodes, parentKey, name, key));
      return { ...checked(list), key };
    },
    update(nodes: readonly N[], key: string, values: Partial<Omit<N, 'key' | 'parentKey'>>): TreeEditResult<N> {
      return checked(nodes.map((c) => (c.key === key ? { ...c, ...values } : c)));
    },
    /** Deletes a node; one with children is refused (they point at it). */
    remove(nodes: readonly N[], key: string): TreeEditResult<N> {
      const node = nodes.find((c) => c.key === key);
      if (!node) return { ok: true, nodes: [...nodes] };
      const children = childrenOf(nodes, key);
      if (children.length > 0) return { ok: false, message: rules.hasChildren(node, children) };
      return checked(nodes.filter((c) => c.key !== key));
    },
    /** Moves a node (with its subtree) under `parentKey` at `position` among its new siblings (0 first). */
    move(nodes: readonly N[], key: string, parentKey: string | null, position: number): TreeEditResult<N> {
      const node = nodes.find((c) => c.key === key);
      if (!node) return { ok: true, nodes: [...nodes] };
      const rest = nodes.filter((c) => c.key !== key);
      const siblings = childrenOf(rest, parentKey);
      const moved = { ...node, parentKey };
      const before = siblings[Math.max(0, Math.min(position, siblings.length))];
      const list = [...rest];
      if (before) list.splice(list.indexOf(before), 0, moved);
      else list.push(moved);
      return checked(list);
    },
    /**
     * Applies the shape the mind map holds after an edit: names and places from it; nodes it made become new
     * nodes, and nodes it lost are deleted (each through the same rules as the outline's edits).
     */
    applyShape(nodes: readonly N[], shape: readonly ShapeNode[]): TreeEditResult<N> {
      const known = new Map(nodes.map((c) => [c.key, c]));
      const kept = new Set<string>();
      const list: N[] = [];
      const visit = (level: readonly ShapeNode[], parentKey: string | null) => {
        for (const s of level) {
          const before = known.get(s.key);
          kept.add(s.key);
          list.push(before ? { ...before, parentKey, name: s.name } : rules.make([...nodes, ...list], parentKey, s.name, s.key));
          visit(s.children, s.key);
        }
      };
      visit(shape, null);
      for (const c of list) {
        const problem = rules.nameProblem(c.name);
        if (problem) return { ok: false, message: problem };
      }
      for (const c of nodes) {
        if (kept.has(c.key)) continue;
        const children = nodes.filter((x) => x.parentKey === c.key);
        if (children.length > 0) return { ok: false, message: rules.hasChildren(c, children) };
      }
      return checked(list);
    },
  };
}
