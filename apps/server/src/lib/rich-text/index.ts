// Rich text to HTML for the portal content and the public site: the renderer, then the sanitiser as a second line.
import type { RichTextDocument } from '@tfb/contract';
import { renderDocument } from './render.js';
import { sanitiseRichTextHtml } from './sanitise.js';

/** The HTML of a document validated with the contract's RichTextDocumentSchema, safe to put in a page. */
export const renderRichText = (doc: RichTextDocument): string => sanitiseRichTextHtml(renderDocument(doc));

export { escapeHtml, renderDocument } from './render.js';
export { RICH_TEXT_HTML_ALLOWLIST, sanitiseRichTextHtml } from './sanitise.js';
