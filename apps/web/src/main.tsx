// Entry: settle the session (portal entry with ?userId=, or leave for the portal), then render.
// First: the CSP set-up (the style nonce) before any other module runs.
import './lib/csp-nonce';
// antd's component styles, prebuilt (the theme runs in zero-runtime mode: see app/providers.tsx); before the app's own CSS.
import 'antd/dist/antd.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute, preloadRouteData } from './app/router';
import { installGlobalErrorHandlers, logError } from './lib/error-log';
import { languageReady } from './lib/i18n';
import { bootstrapSession } from './lib/session';
import './styles.css';

installGlobalErrorHandlers();

async function start(): Promise<void> {
  // The session's call goes on the wire first: the first screen waits for its answer, and the browser's few
  // connections to the server would otherwise be taken by the page's code. That code loads while the session
  // settles, not after it.
  const session = bootstrapSession();
  preloadRoute(window.location.pathname);
  const outcome = await session;
  if (outcome === 'redirecting') return;
  // The page's first data is asked for before the first render, which holds the main thread for a while; a stored
  // language other than the default is in before it too.
  await Promise.all([preloadRouteData(window.location.pathname), languageReady]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container, {
    onUncaughtError: (error) => logError(error, 'error'),
  }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
