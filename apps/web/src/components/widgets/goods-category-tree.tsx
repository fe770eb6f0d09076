// The goods category tree of the goods picker and the catalogue list (a virtual tree whose root 全部 means no
// filter), and the categories as the catalogue form's tree select takes them.
import { useQuery } from '@tanstack/react-query';
import { Flex, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GOODS_CATEGORY_KEY, buildCategoryTree, type GoodsCategoryNode } from '@tfb/contract';
import { goodsCategoriesQueryOptions } from './goods-api';
import { useLogListError } from './list-errors';

/** `disabled`: a disabled category (P30) is not offered for new goods; goods already in it still show it. */
export type CategoryOption = { value: number; title: string; disabled?: boolean; children?: CategoryOption[] };

const toTree = (nodes: readonly GoodsCategoryNode[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: String(n.id),
    title: n.goodsCategoryName,
    isLeaf: n.children.length === 0,
    children: n.children.length ? toTree(n.children) : undefined,
  }));

const toOptions = (nodes: readonly GoodsCategoryNode[]): CategoryOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.goodsCategoryName,
    ...(n.disabled ? { disabled: true } : {}),
    ...(n.children.length ? { children: toOptions(n.children) } : {}),
  }));

export function useCategoryTree() {
  const query = useQuery(goodsCategoriesQueryOptions());
  useLogListError(query.error);
  const roots = useMemo(() => buildCategoryTree(query.data ?? []), [query.data]);
  const treeData = useMemo(() => toTree(roots), [roots]);
  const options = useMemo(() => toOptions(roots), [roots]);
  return { query, treeData, options };
}

/** The category filter: `value` is the selected key (DEFAULT_GOODS_CATEGORY_KEY for 全部). */
export function GoodsCategoryTree({ value, onChange, height }: { value: string; onChange: (key: string) => void; height: number }) {
  const { t } = useTranslation();
  const { query, treeData } = useCategoryTree();
  const data = useMemo<TreeDataNode[]>(
    () => [{ key: DEFAULT_GOODS_CATEGORY_KEY, title: t('widgets.goods.all'), children: treeData }],
    [treeData, t],
  );
  if (query.isPending) {
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  }
  return (
    <Tree
      virtual
      height={height}
      blockNode
      showLine
      treeData={data}
      defaultExpandedKeys={[DEFAULT_GOODS_CATEGORY_KEY]}
      selectedKeys={[value]}
      onSelect={(keys) => {
        const key = keys[0];
        if (key !== undefined) onChange(String(key));
      }}
    />
  );
}
