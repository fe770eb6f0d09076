// The boards' three pages as the router and the route table load them: this small module's loaders bring a page's own
// code (the grid, the chart kit, the editor), so the first load of the app carries none of their dependency lists,
// and the route renders once that code is there rather than loading it in a second step after the route's.
import type { ComponentType } from 'react';

export const loadBoardPage = (): Promise<ComponentType> => import('./components/board-page').then((m) => m.BoardPage);

export const loadScenePage = (): Promise<ComponentType> => import('./components/scene-page').then((m) => m.ScenePage);

export const loadPublicScenePage = (): Promise<ComponentType> => import('./components/public-scene-page').then((m) => m.PublicScenePage);
