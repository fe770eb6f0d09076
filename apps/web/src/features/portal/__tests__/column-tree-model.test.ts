// The column editor's edits on its local tree: moves keep the order asked for and refuse what the server's tree
// rules refuse (a cycle, a fifth level, a slug taken among the new siblings) with the same message, and the mind
// map's shape (renames, new nodes, moves, deletions) goes through the same rules.
import { describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '@tfb/contract';
import { addColumn, applyShape, moveColumn, removeColumn, type ColumnNode, type EditResult } from '../components/column-tree-model';

const node = (key: string, parentKey: string | null, slug = key): ColumnNode => ({
  key,
  parentKey,
  name: key.toUpperCase(),
  slug,
  kind: 'list',
  linkUrl: '',
  visible: true,
  seoTitle: '',
  seoKeywords: '',
  seoDescription: '',
  sortOrder: undefined,
});

// a ─ a1 ─ a11 ─ a111 (four levels), b, c
const TREE = [node('a', null), node('a1', 'a'), node('a11', 'a1'), node('a111', 'a11'), node('b', null), node('c', null)];

const places = (r: EditResult) => {
  if (!r.ok) throw new Error(r.message);
  return r.columns.map((c) => `${c.parentKey ?? '-'}/${c.key}`);
};

describe('column tree edits', () => {
  it('moves a column among its siblings and under another column, keeping parents before children', () => {
    expect(places(moveColumn(TREE, 'c', null, 0))).toEqual(['-/c', '-/a', 'a/a1', 'a1/a11', 'a11/a111', '-/b']);
    expect(places(moveColumn(TREE, 'b', 'a', 0))).toEqual(['-/a', 'a/b', 'a/a1', 'a1/a11', 'a11/a111', '-/c']);
  });

  it('refuses a move under its own subtree, below the fourth level, or next to a sibling with its slug', () => {
    expect(moveColumn(TREE, 'a', 'a11', 0)).toEqual({ ok: false, message: PORTAL_MESSAGES.cycle });
    expect(moveColumn(TREE, 'b', 'a111', 0)).toEqual({ ok: false, message: PORTAL_MESSAGES.tooDeep });
    const clash = [...TREE, node('x', 'a', 'b')];
    expect(moveColumn(clash, 'b', 'a', 0)).toEqual({ ok: false, message: PORTAL_MESSAGES.slugTaken('b') });
  });

  it('gives a new column a slug free among its siblings', () => {
    const first = addColumn(TREE, 'a', '新栏目', { key: 'n1' });
    if (!first.ok) throw new Error(first.message);
    const second = addColumn(first.columns, 'a', '新栏目', { key: 'n2' });
    if (!second.ok) throw new Error(second.message);
    expect(second.columns.filter((c) => c.parentKey === 'a').map((c) => c.slug)).toEqual(['a1', 'new-column', 'new-column-2']);
  });

  it('refuses to delete a column with children, naming them as the server does', () => {
    expect(removeColumn(TREE, 'a11')).toEqual({
      ok: false,
      message: PORTAL_MESSAGES.inUse('A11', [PORTAL_MESSAGES.childColumns(['A111'])]),
    });
    expect(places(removeColumn(TREE, 'a111'))).toEqual(['-/a', 'a/a1', 'a1/a11', '-/b', '-/c']);
  });

  it('applies the mind map’s shape: a rename, a new node, a move and a deleted leaf at once', () => {
    const shape = [
      { key: 'a', name: 'A', children: [{ key: 'a1', name: 'A1', children: [{ key: 'a11', name: 'A11', children: [] }] }] },
      { key: 'c', name: '渠道', children: [{ key: 'b', name: 'B', children: [] }] },
      { key: 'me-1', name: '新栏目', children: [] },
    ];
    const r = applyShape(TREE, shape);
    expect(places(r)).toEqual(['-/a', 'a/a1', 'a1/a11', '-/c', 'c/b', '-/me-1']);
    if (!r.ok) return;
    expect(r.columns.find((c) => c.key === 'c')?.name).toBe('渠道');
    expect(r.columns.find((c) => c.key === 'me-1')).toMatchObject({ slug: 'new-column', kind: 'list', visible: true });
  });

  it('refuses a shape that drops a column with children, or names a column blank', () => {
    expect(applyShape(TREE, [{ key: 'b', name: 'B', children: [] }])).toEqual({
      ok: false,
      message: PORTAL_MESSAGES.inUse('A', [PORTAL_MESSAGES.childColumns(['A1'])]),
    });
    const blank = TREE.filter((c) => c.parentKey === null).map((c) => ({ key: c.key, name: c.key === 'b' ? '' : c.name, children: [] }));
    expect(
      applyShape(
        TREE.filter((c) => c.parentKey === null),
        blank,
      ),
    ).toEqual({ ok: false, message: PORTAL_MESSAGES.nameRequired });
  });
});
