// The second line: DOMPurify on one jsdom window per process, allowing exactly what ./render.ts writes, with the
// contract's URL rule for href and src. If the renderer ever wrote something else, it would not reach a page.
import { RICH_TEXT_CODE_LANGUAGE_PATTERN, RICH_TEXT_LINK_REL, isAllowedImageUrl, isAllowedLinkUrl } from '@tfb/contract';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/** Each tag the renderer writes and the attributes it may carry. */
export const RICH_TEXT_HTML_ALLOWLIST: Readonly<Record<string, readonly string[]>> = {
  p: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  pre: [],
  code: ['class'],
  br: [],
  hr: [],
  img: ['src', 'alt', 'title', 'loading'],
  strong: [],
  em: [],
  u: [],
  s: [],
  a: ['href', 'target', 'rel'],
};

const CODE_CLASS = new RegExp(`^language-${RICH_TEXT_CODE_LANGUAGE_PATTERN.source.slice(1)}`);

/** Whether an attribute the allowlist names holds a value the renderer could have written. */
const VALUE_RULES: Readonly<Record<string, (value: string) => boolean>> = {
  href: isAllowedLinkUrl,
  src: isAllowedImageUrl,
  target: (v) => v === '_blank',
  rel: (v) => v === RICH_TEXT_LINK_REL,
  loading: (v) => v === 'lazy',
  start: (v) => /^[1-9]\d{0,6}$/.test(v),
  class: (v) => CODE_CLASS.test(v),
  alt: () => true,
  title: () => true,
};

const CONFIG = {
  // '#text' keeps text nodes: the list replaces DOMPurify's default, which names it.
  ALLOWED_TAGS: ['#text', ...Object.keys(RICH_TEXT_HTML_ALLOWLIST)],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_HTML_ALLOWLIST).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Removed elements take their content with them: `<script>` text never turns into page text.
  KEEP_CONTENT: false,
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;

let purifier: DOMPurify | undefined;

/** The process's DOMPurify, made on first use: one jsdom window, the hooks added once. */
const getPurifier = (): DOMPurify => {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const allowed = RICH_TEXT_HTML_ALLOWLIST[node.nodeName.toLowerCase()] ?? [];
    const rule = VALUE_RULES[data.attrName];
    if (!allowed.includes(data.attrName) || !rule || !rule(data.attrValue)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // An image whose address was refused would only be a broken box.
    if (node.nodeName === 'IMG' && !node.hasAttribute('src')) {
      node.remove();
      return;
    }
    // A new-window link always carries the rel the renderer gives it (no window.opener for the target).
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', RICH_TEXT_LINK_REL);
  });
  purifier = purify;
  return purify;
};

/** `html` with every tag, attribute and address the renderer would never write removed. */
export const sanitiseRichTextHtml = (html: string): string => getPurifier().sanitize(html, CONFIG);
