// The first line: HTML written from a validated rich-text document (RichTextDocumentSchema) by walking it. Every
// text and attribute is escaped and only the tags and attributes listed in ./allowlist.ts are ever written.
import { RICH_TEXT_LINK_REL } from '@tfb/contract';
import type { RichTextBlock, RichTextDocument, RichTextInline, RichTextMark, RichTextText } from '@tfb/contract';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** ` name="value"` for each given attribute, in the order given; null and undefined are left out. */
const attributes = (attrs: Record<string, string | number | null | undefined>): string =>
  Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');

/** Marks wrap a text run in this order, the link outermost, so equal documents give equal HTML. */
const MARK_ORDER: readonly RichTextMark['type'][] = ['link', 'bold', 'italic', 'underline', 'strike', 'code'];

const openMark = (mark: RichTextMark): string => {
  switch (mark.type) {
    case 'bold':
      return '<strong>';
    case 'italic':
      return '<em>';
    case 'underline':
      return '<u>';
    case 'strike':
      return '<s>';
    case 'code':
      return '<code>';
    case 'link': {
      const newWindow = mark.attrs.target === '_blank';
      return `<a${attributes({ href: mark.attrs.href, target: newWindow ? '_blank' : null, rel: newWindow ? RICH_TEXT_LINK_REL : null })}>`;
    }
  }
};
const CLOSE_MARK: Record<RichTextMark['type'], string> = {
  link: '</a>',
  bold: '</strong>',
  italic: '</em>',
  underline: '</u>',
  strike: '</s>',
  code: '</code>',
};

const renderText = (node: RichTextText): string => {
  // One mark of each type: a repeated mark would only nest the same tag again.
  const marks = MARK_ORDER.flatMap((type) => node.marks?.find((m) => m.type === type) ?? []);
  return (
    marks.map(openMark).join('') +
    escapeHtml(node.text) +
    marks
      .map((m) => CLOSE_MARK[m.type])
      .reverse()
      .join('')
  );
};

const renderInline = (nodes: readonly RichTextInline[] | undefined): string =>
  (nodes ?? []).map((node) => (node.type === 'text' ? renderText(node) : node.type === 'hardBreak' ? '<br>' : '')).join('');

const renderBlocks = (nodes: readonly RichTextBlock[]): string => nodes.map(renderBlock).join('');

const renderBlock = (node: RichTextBlock): string => {
  switch (node.type) {
    case 'paragraph':
      return `<p>${renderInline(node.content)}</p>`;
    case 'heading':
      return `<h${node.attrs.level}>${renderInline(node.content)}</h${node.attrs.level}>`;
    case 'bulletList':
      return `<ul>${node.content.map((item) => `<li>${renderBlocks(item.content)}</li>`).join('')}</ul>`;
    case 'orderedList': {
      const start = node.attrs?.start;
      return `<ol${attributes({ start: start !== undefined && start !== null && start !== 1 ? start : null })}>${node.content
        .map((item) => `<li>${renderBlocks(item.content)}</li>`)
        .join('')}</ol>`;
    }
    case 'blockquote':
      return `<blockquote>${renderBlocks(node.content)}</blockquote>`;
    case 'codeBlock': {
      const language = node.attrs?.language;
      const code = (node.content ?? []).map((t) => escapeHtml(t.text)).join('');
      return `<pre><code${attributes({ class: language ? `language-${language}` : null })}>${code}</code></pre>`;
    }
    case 'horizontalRule':
      return '<hr>';
    case 'image':
      return `<img${attributes({ src: node.attrs.src, alt: node.attrs.alt, title: node.attrs.title, loading: 'lazy' })}>`;
    default:
      // A type the schema would have refused (a document stored before a type was dropped): nothing is written.
      return '';
  }
};

/** The HTML of a validated document, before the second line (./sanitise.ts). */
export const renderDocument = (doc: RichTextDocument): string => renderBlocks(doc.content);
