// The mind-map view of a tree (mind-elixir, loaded with this view only: import it lazily). The root is a fixed topic;
// each node of the tree is a map node whose id is the node's key. After each of the map's edits (add, rename, move,
// delete) the editor gets the map's whole shape and applies it through its tree's rules; a refused edit puts the map
// back to the editor's tree. The outline stays the keyboard and screen-reader path.
import MindElixir, { type MindElixirData, type MindElixirInstance, type NodeObj } from 'mind-elixir';
import { en, es, zh_CN } from 'mind-elixir/i18n';
import 'mind-elixir/style.css';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { branches, type ShapeNode, type TreeBranch, type TreeItem } from './tree-model';
import './mind-map.css';

export type MindMapProps<N extends TreeItem> = {
  nodes: readonly N[];
  rootTopic: string;
  /** The region's accessible name. */
  label: string;
  /** The topic of a node the map adds (it is renamed right away). */
  newTopicName: string;
  /** The short tags shown on a node (a kind, a status …). */
  tagsOf?: (node: N) => string[];
  /** false: the map only shows the tree. */
  editable: boolean;
  /** Applies the map's shape after an edit; false when the tree's rules refuse it. */
  onShape: (shape: ShapeNode[]) => boolean;
  onSelect: (key: string | null) => void;
};

const ROOT_ID = 'tree-root';
const MENU_LOCALES = { zh: zh_CN, en, es } as const;
/** The map's operations that change the tree (arrows, summaries and the start of an edit do not). */
const SHAPE_OPERATIONS = new Set([
  'finishEdit',
  'addChild',
  'insertParent',
  'insertBefore',
  'insertSibling',
  'moveNodeIn',
  'moveNodeAfter',
  'moveNodeBefore',
  'moveUpNode',
  'moveDownNode',
  'removeNodes',
  'copyNode',
  'copyNodes',
]);

const shapeOf = (nodes: readonly NodeObj[] = []): ShapeNode[] =>
  nodes.map((n) => ({ key: n.id, name: n.topic.trim(), children: shapeOf(n.children) }));
/** The names and places a map shows (not its tags). */
const structureOf = (root: NodeObj) => JSON.stringify([root.topic, shapeOf(root.children)]);

export default function MindMap<N extends TreeItem>({
  nodes,
  rootTopic,
  label,
  newTopicName,
  tagsOf,
  editable,
  onShape,
  onSelect,
}: MindMapProps<N>) {
  const { i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const mind = useRef<MindElixirInstance | null>(null);
  const data = useMemo<MindElixirData>(() => {
    const toNode = (b: TreeBranch<N>): NodeObj => ({
      id: b.node.key,
      topic: b.node.name,
      tags: tagsOf?.(b.node) ?? [],
      children: b.children.map(toNode),
    });
    return { nodeData: { id: ROOT_ID, topic: rootTopic, children: branches(nodes).map(toNode) } };
  }, [nodes, rootTopic, tagsOf]);
  // The handlers and the tree the map's listeners (set up once) read.
  const latest = useRef({ data, onShape, onSelect });
  useLayoutEffect(() => {
    latest.current = { data, onShape, onSelect };
  });

  const language = i18n.language as keyof typeof MENU_LOCALES;
  useEffect(() => {
    if (!host.current) return;
    const m = new MindElixir({
      el: host.current,
      direction: MindElixir.SIDE,
      editable,
      keypress: editable,
      toolBar: true,
      allowUndo: false,
      newTopicName,
      contextMenu: editable && { focus: false, link: false, locale: MENU_LOCALES[language] ?? zh_CN },
    });
    m.init(latest.current.data);
    // The whole tree in view at first; the toolbar zooms and centres from there.
    m.scaleFit();
    m.bus.addListener('operation', (op) => {
      if (!SHAPE_OPERATIONS.has(op.name)) return;
      const now = m.getData().nodeData;
      const accepted = now.topic === rootTopic && latest.current.onShape(shapeOf(now.children));
      if (!accepted) m.refresh(latest.current.data);
    });
    m.bus.addListener('selectNodes', (selected) => {
      const id = selected[0]?.id;
      latest.current.onSelect(id && id !== ROOT_ID ? id : null);
    });
    mind.current = m;
    return () => {
      m.destroy();
      mind.current = null;
    };
    // The map is made once per language (its menus' words); later trees reach it through refresh below.
  }, [editable, language, rootTopic, newTopicName]);

  // A tree changed elsewhere (a restored draft, a save giving new nodes their ids) is shown again; one the map
  // itself made is not (refreshing would end the name edit a new node opens with).
  useEffect(() => {
    const m = mind.current;
    if (!m || structureOf(m.getData().nodeData) === structureOf(data.nodeData)) return;
    m.refresh(data);
  }, [data]);

  return (
    <div className="tree-mind-map" aria-label={label} role="region">
      <div ref={host} className="tree-mind-map__canvas" />
    </div>
  );
}
