// The rules every column tree obeys, checked on the whole tree as it would be after a change (a create, a move or
// a whole-tree save alike): keys unique, parents present, no cycles, depth at most COLUMN_MAX_DEPTH, slugs unique
// among siblings. The server holds every write to them; the column editor checks an edit with them before it
// accepts it, so a refusal reads the same on both sides.
import { COLUMN_MAX_DEPTH, PORTAL_MESSAGES } from './portal.js';

export type TreeShapeNode = { key: string; parentKey: string | null; slug: string };

/** The first rule a node breaks: its index in the list, the node field at fault and the message. */
export type TreeProblem = {
  index: number;
  field: 'key' | 'parentKey' | 'slug';
  rule: 'key' | 'parent' | 'cycle' | 'depth' | 'slug';
  message: string;
};

export function treeProblem(nodes: readonly TreeShapeNode[]): TreeProblem | undefined {
  const byKey = new Map<string, TreeShapeNode>();
  for (const [index, n] of nodes.entries()) {
    if (byKey.has(n.key)) return { index, field: 'key', rule: 'key', message: PORTAL_MESSAGES.keyDuplicate(n.key) };
    byKey.set(n.key, n);
  }
  for (const [index, n] of nodes.entries()) {
    if (n.parentKey !== null && !byKey.has(n.parentKey)) {
      return { index, field: 'parentKey', rule: 'parent', message: PORTAL_MESSAGES.parentKeyMissing(n.parentKey) };
    }
  }
  for (const [index, n] of nodes.entries()) {
    // Walk up: a path longer than the node count has met a node twice.
    let depth = 1;
    for (let p = n.parentKey; p !== null; p = byKey.get(p)!.parentKey) {
      if (p === n.key || depth > nodes.length) return { index, field: 'parentKey', rule: 'cycle', message: PORTAL_MESSAGES.cycle };
      depth += 1;
    }
    if (depth > COLUMN_MAX_DEPTH) return { index, field: 'parentKey', rule: 'depth', message: PORTAL_MESSAGES.tooDeep };
  }
  const slugs = new Set<string>();
  for (const [index, n] of nodes.entries()) {
    const sibling = `${n.parentKey ?? ''}\u0000${n.slug}`;
    if (slugs.has(sibling)) return { index, field: 'slug', rule: 'slug', message: PORTAL_MESSAGES.slugTaken(n.slug) };
    slugs.add(sibling);
  }
  return undefined;
}

/** `items` parents first, siblings in `order` (depth-first), whatever order they came in. */
export function depthFirst<T>(
  items: readonly T[],
  keyOf: (t: T) => string,
  parentOf: (t: T) => string | null,
  order: (a: T, b: T) => number,
): T[] {
  const children = new Map<string | null, T[]>();
  for (const t of items) {
    const p = parentOf(t);
    children.set(p, [...(children.get(p) ?? []), t]);
  }
  const out: T[] = [];
  const visit = (parent: string | null) => {
    for (const c of (children.get(parent) ?? []).sort(order)) {
      out.push(c);
      visit(keyOf(c));
    }
  };
  visit(null);
  return out;
}
