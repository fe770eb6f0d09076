// One running product per spec file: the built server on a fresh data folder and a browser, started before the
// file's tests and stopped after them, and the two things every spec does with them — enter as a demo user, and
// call the API from a signed-in page with the headers the web client sends. A page entered here that breaks the
// Content-Security-Policy fails the test it ran in.
import { after, afterEach, before } from 'node:test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { BROWSER_SESSION, SESSION_PATHS } from '@tfb/contract';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export type Product = {
  readonly baseUrl: string;
  readonly browser: Browser;
  readonly server: RunningServer;
  /** A new browser context whose pages' CSP violations fail the running test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new browser context entered as `userId` through the portal URL, on the workbench with the session stored. */
  enter(userId: string): Promise<{ context: BrowserContext; page: Page }>;
};

export type Envelope = { status: number; code: number; message: string; data: unknown };

/** Records in `sink` every Content-Security-Policy violation of the context's pages, across navigations. */
export async function watchCspViolations(context: BrowserContext, sink: string[]): Promise<void> {
  await context.exposeFunction('reportCspViolation', (text: string) => sink.push(text));
  // Init scripts run through the DevTools protocol, outside the page's policy.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
}

/** Registers the file's before/after hooks; the members are usable once `before` has run. */
export function useProduct(env: Record<string, string> = {}): Product {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const violations: string[] = [];
  before(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterEach(() => {
    const found = violations.splice(0);
    if (found.length > 0) throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  const running = () => {
    if (!server || !browser) throw new Error('the product starts in before()');
    return { server, browser };
  };
  const newContext = async (options?: BrowserContextOptions) => {
    const context = await running().browser.newContext(options);
    await watchCspViolations(context, violations);
    return context;
  };
  return {
    get baseUrl() {
      return running().server.baseUrl;
    },
    get browser() {
      return running().browser;
    },
    get server() {
      return running().server;
    },
    newContext,
    async enter(userId) {
      const context = await newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto(`${running().server.baseUrl}/?userId=${userId}`);
      await page.getByRole('banner').waitFor();
      // The session is stored once the entry call has answered; the workbench has loaded once its overview shows.
      await page.waitForFunction(() => sessionStorage.getItem('sessionUser') !== null);
      await page.getByText('业务概览').waitFor();
      return { context, page };
    },
  };
}

/**
 * One API call from a signed-in page with the headers the web client sends (token + session headers). The page
 * keeps its access token in memory only, so the call gets one of its own the way a new tab does: a refresh with
 * the browser's HttpOnly cookie, under the lock every tab takes for it.
 */
export async function callApi(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Envelope> {
  return page.evaluate(
    async ({ method, url, body, session }) => {
      const token = await navigator.locks.request(session.lock, async () => {
        const res = await fetch(session.refresh, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        const json = (await res.json()) as { data: { token: string } | null };
        if (!json.data) throw new Error(`refresh failed: ${res.status}`);
        return json.data.token;
      });
      const user = JSON.parse(sessionStorage.getItem('sessionUser') ?? '{}') as Record<string, string>;
      const headers: Record<string, string> = {
        Accept: 'application/json',
        token,
        enterpriseId: user.enterpriseId ?? '',
        companyId: user.companyId ?? '',
        userName: encodeURIComponent(user.userName ?? ''),
        userId: user.userId ?? '',
        isManager: '0',
      };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = (await res.json()) as { code: number; message: string; data: unknown };
      return { status: res.status, code: json.code, message: json.message, data: json.data };
    },
    { method, url, body, session: { lock: BROWSER_SESSION.refreshLock, refresh: SESSION_PATHS.refresh } },
  );
}
