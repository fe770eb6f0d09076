// Test setup: jest-dom matchers, the browser APIs jsdom lacks and antd needs, and a clean slate per test.
// The test files share one module graph and one jsdom per worker (isolate: false in vitest.config.ts), so the
// slate is cleaned here after every test: nothing a test leaves behind reaches the next file (the DOM, routers,
// the session, the app's query client, storage, cookies, stubbed globals, fake timers, the language).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { DEFAULT_LANGUAGE } from '@tfb/contract';
import { changeLanguage, currentLanguage, ensurePageMessages } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { clearSession, loadShellSchemas } from '../lib/session-store';
import { takeContractViolations } from './mock-api';
import { disposeRenders } from './render';

// Rendering antd screens in jsdom is slow on a loaded 2-core machine: wait up to 10 s for what a test awaits.
// (Put back after every test, as a helper may change the library's configuration for its screens.)
const LIBRARY_CONFIG = { asyncUtilTimeout: 10_000, defaultHidden: false } as const;
configure(LIBRARY_CONFIG);

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom does not implement getComputedStyle for pseudo elements; antd asks for them when measuring scroll bars.
// (The setup runs once per file in the shared jsdom: the original is kept so the wrapper is not wrapped again.)
const held = window as Window & { jsdomGetComputedStyle?: typeof window.getComputedStyle };
const computedStyle = (held.jsdomGetComputedStyle ??= window.getComputedStyle.bind(window));
window.getComputedStyle = (elt: Element, pseudoElt?: string | null) => computedStyle(elt, pseudoElt ? undefined : pseudoElt);

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => undefined;

// Widgets and pages render here without the router that loads the pages' messages in the app.
await ensurePageMessages();
// As boot does before the app reads a stored session.
await loadShellSchemas();

afterEach(async () => {
  // A reply or request the contract would refuse fails the test that made it (after the slate is clean).
  const violations = takeContractViolations();
  cleanup();
  disposeRenders();
  // What escaped React's tree (a portal of a screen that failed half way) goes with it.
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  configure(LIBRARY_CONFIG);
  if (currentLanguage() !== DEFAULT_LANGUAGE) await changeLanguage(DEFAULT_LANGUAGE);
  clearSession();
  queryClient.clear();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (violations.length) throw new Error(`The test broke the contract (src/test/mock-api.ts):\n${violations.join('\n')}`);
});

// jsdom does not scroll; the shell scrolls each new page to the top.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
