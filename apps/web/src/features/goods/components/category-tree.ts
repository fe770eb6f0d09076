// The catalogue's category tree, for the list's filter tree and the form's category choice.
import { useQuery } from '@tanstack/react-query';
import type { TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { buildCategoryTree, type GoodsCategoryNode } from '@tfb/contract';
import { useLogListError } from '../../../components/widgets/list-errors';
import { goodsCategoriesQueryOptions } from '../../../components/widgets/goods-picker';

export type CategoryOption = { value: number; title: string; children?: CategoryOption[] };

const toTree = (nodes: readonly GoodsCategoryNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: String(n.id), title: n.goodsCategoryName, isLeaf: n.children.length === 0, children: n.children.length ? toTree(n.children) : undefined }));

const toOptions = (nodes: readonly GoodsCategoryNode[]): CategoryOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.goodsCategoryName, ...(n.children.length ? { children: toOptions(n.children) } : {}) }));

export function useCategoryTree() {
  const query = useQuery(goodsCategoriesQueryOptions());
  useLogListError(query.error);
  const roots = useMemo(() => buildCategoryTree(query.data ?? []), [query.data]);
  const treeData = useMemo(() => toTree(roots), [roots]);
  const options = useMemo(() => toOptions(roots), [roots]);
  return { query, treeData, options };
}
