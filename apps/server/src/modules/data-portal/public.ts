// What other modules may use of the data portal: the figures service (scoped, cached aggregates of the built-in
// datasets) — the boards and scenes compute their widgets through it.
export { DataPortalService, type Caller } from './service.js';
