// The boards' three pages as the router and the route table load them: tiny wrappers whose own code (the grid, the
// chart kit, the editor) loads when they render, so the first load of the app carries none of their dependency lists.
import { Suspense, lazy } from 'react';

const Board = lazy(() => import('./components/board-page').then((m) => ({ default: m.BoardPage })));
const Scene = lazy(() => import('./components/scene-page').then((m) => ({ default: m.ScenePage })));
const SharedScene = lazy(() => import('./components/public-scene-page').then((m) => ({ default: m.PublicScenePage })));

export function BoardPage() {
  return (
    <Suspense fallback={null}>
      <Board />
    </Suspense>
  );
}

export function ScenePage() {
  return (
    <Suspense fallback={null}>
      <Scene />
    </Suspense>
  );
}

export function PublicScenePage() {
  return (
    <Suspense fallback={null}>
      <SharedScene />
    </Suspense>
  );
}
