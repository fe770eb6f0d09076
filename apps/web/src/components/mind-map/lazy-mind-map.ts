// The mind map loaded on first use (mind-elixir stays out of the initial bundle), typed over the node like the
// component itself.
import { lazy, type ReactElement } from 'react';
import type { MindMapProps } from './mind-map';
import type { TreeItem } from './tree-model';

export const LazyMindMap = lazy(() => import('./mind-map')) as unknown as <N extends TreeItem>(props: MindMapProps<N>) => ReactElement;
