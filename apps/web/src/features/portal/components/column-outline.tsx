// The outline of the column tree (antd Tree): the editor's keyboard and screen-reader path. Each column shows its
// kind and whether it is hidden; dragging one moves it (the tree's rules decide, and refuse with their message).
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { Tag, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { branches, childrenOf, type ColumnBranch, type ColumnNode } from './column-tree-model';

type Props = {
  columns: readonly ColumnNode[];
  selectedKey: string | null;
  expandedKeys: string[];
  onExpand: (keys: string[]) => void;
  onSelect: (key: string | null) => void;
  /** Absent: the outline is read-only (no dragging). */
  onMove?: (key: string, parentKey: string | null, position: number) => void;
};

const KIND_COLORS = { list: 'blue', page: 'green', link: 'purple', topic: 'gold' } as const;

export function ColumnOutline({ columns, selectedKey, expandedKeys, onExpand, onSelect, onMove }: Props) {
  const { t } = useTranslation();
  const toData = (b: ColumnBranch): TreeDataNode => ({
    key: b.node.key,
    title: (
      <span className={b.node.visible ? 'column-outline__title' : 'column-outline__title column-outline__title--hidden'}>
        <span className="column-outline__name">{b.node.name}</span>
        <Tag color={KIND_COLORS[b.node.kind]} variant="filled">
          {t(`portal.column.kinds.${b.node.kind}`)}
        </Tag>
        {b.node.visible ? null : (
          <Tag icon={<EyeInvisibleOutlined />} variant="filled">
            {t('portal.columns.hidden')}
          </Tag>
        )}
      </span>
    ),
    children: b.children.map(toData),
  });

  // antd's drop: onto a node (into it, first), or into the gap before or after it among its siblings.
  const onDrop: TreeProps['onDrop'] = (info) => {
    if (!onMove) return;
    const dragKey = String(info.dragNode.key);
    const dropKey = String(info.node.key);
    const target = columns.find((c) => c.key === dropKey);
    if (!target) return;
    const place = Number(info.node.pos.split('-').at(-1));
    const side = info.dropPosition - place;
    if (!info.dropToGap) return onMove(dragKey, dropKey, 0);
    const siblings = childrenOf(
      columns.filter((c) => c.key !== dragKey),
      target.parentKey,
    );
    const at = siblings.findIndex((c) => c.key === dropKey);
    onMove(dragKey, target.parentKey, side < 0 ? at : at + 1);
  };

  return (
    <Tree
      className="column-outline"
      aria-label={t('portal.columns.outline')}
      treeData={branches(columns).map(toData)}
      selectedKeys={selectedKey ? [selectedKey] : []}
      expandedKeys={expandedKeys}
      onExpand={(keys) => onExpand(keys.map(String))}
      onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : null)}
      draggable={onMove ? { icon: false } : false}
      onDrop={onDrop}
      blockNode
      showLine
    />
  );
}
