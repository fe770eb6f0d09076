// The outline of a tree (antd Tree): a tree editor's keyboard and screen-reader path. Each node's title is the
// feature's; dragging a node moves it (the tree's rules decide, and refuse with their message).
import { Tree, type TreeDataNode, type TreeProps } from 'antd';
import type { ReactNode } from 'react';
import { branches, childrenOf, type TreeBranch, type TreeItem } from './tree-model';
import './mind-map.css';

type Props<N extends TreeItem> = {
  nodes: readonly N[];
  /** The tree's accessible name. */
  label: string;
  renderTitle: (node: N) => ReactNode;
  selectedKey: string | null;
  expandedKeys: string[];
  onExpand: (keys: string[]) => void;
  onSelect: (key: string | null) => void;
  /** Absent: the outline is read-only (no dragging). */
  onMove?: (key: string, parentKey: string | null, position: number) => void;
};

export function Outline<N extends TreeItem>({
  nodes,
  label,
  renderTitle,
  selectedKey,
  expandedKeys,
  onExpand,
  onSelect,
  onMove,
}: Props<N>) {
  const toData = (b: TreeBranch<N>): TreeDataNode => ({ key: b.node.key, title: renderTitle(b.node), children: b.children.map(toData) });

  // antd's drop: onto a node (into it, first), or into the gap before or after it among its siblings.
  const onDrop: TreeProps['onDrop'] = (info) => {
    if (!onMove) return;
    const dragKey = String(info.dragNode.key);
    const dropKey = String(info.node.key);
    const target = nodes.find((c) => c.key === dropKey);
    if (!target) return;
    const place = Number(info.node.pos.split('-').at(-1));
    const side = info.dropPosition - place;
    if (!info.dropToGap) return onMove(dragKey, dropKey, 0);
    const siblings = childrenOf(
      nodes.filter((c) => c.key !== dragKey),
      target.parentKey,
    );
    const at = siblings.findIndex((c) => c.key === dropKey);
    onMove(dragKey, target.parentKey, side < 0 ? at : at + 1);
  };

  return (
    <Tree
      className="tree-outline"
      aria-label={label}
      treeData={branches(nodes).map(toData)}
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

/** An outline title: the name (muted: struck through) and the feature's tags after it. */
export function OutlineTitle({ name, muted = false, children }: { name: string; muted?: boolean; children?: ReactNode }) {
  return (
    <span className={muted ? 'tree-outline__title tree-outline__title--muted' : 'tree-outline__title'}>
      <span className="tree-outline__name">{name}</span>
      {children}
    </span>
  );
}
