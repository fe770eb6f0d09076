// The web app under the server's Content-Security-Policy (script-src 'self', style elements by nonce only).
// Imported first by main.tsx so this runs before any other module.
import { CSP_NONCE_META_SELECTOR } from '@tfb/contract';

/**
 * The page's nonce, read from the `nonce` property: browsers hide the attribute's value once the page is parsed,
 * so injected CSS selectors cannot read it. Undefined where no page declares one (unit tests under jsdom).
 */
export function readCspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>(CSP_NONCE_META_SELECTOR);
  return meta?.nonce || undefined;
}

export const CSP_NONCE = readCspNonce();

/**
 * Style elements created by the product's own scripts get the nonce at creation. antd's CSS-in-JS takes it from
 * ConfigProvider, but a few of its helpers (the dialog's scroll lock, the scrollbar measurement) write a style
 * element without passing one on. Only script-created elements are touched: markup injected into the page is
 * parsed without createElement and stays blocked, which is what the nonce guards against.
 */
function nonceScriptStyles(nonce: string): void {
  const createElement = document.createElement.bind(document) as (tag: string, options?: ElementCreationOptions) => HTMLElement;
  document.createElement = ((tag: string, options?: ElementCreationOptions) => {
    const element = createElement(tag, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}

if (CSP_NONCE) nonceScriptStyles(CSP_NONCE);
