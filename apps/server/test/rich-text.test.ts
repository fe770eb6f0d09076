// The rich-text safety pipeline: the contract's document schema (the allowlist), the server's renderer and the
// DOMPurify second line. Every hostile payload is either refused by the schema, naming where, or, when it is valid
// input, comes out as harmless HTML. Plain unit tests: no database, no app.
import {
  RICH_TEXT_MAX_DEPTH,
  RICH_TEXT_MAX_NODES,
  RICH_TEXT_MAX_TEXT_LENGTH,
  RICH_TEXT_MESSAGES as M,
  RichTextDocumentSchema,
  NUL_MESSAGE,
  isAllowedImageUrl,
  isAllowedLinkUrl,
  publicMediaSha,
  publicMediaUrl,
  type RichTextBlock,
  type RichTextDocument,
  type RichTextInline,
  type RichTextMark,
} from '@tfb/contract';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_HTML_ALLOWLIST, renderDocument, renderRichText, sanitiseRichTextHtml } from '../src/lib/rich-text/index.js';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (t: string, ...marks: unknown[]) => (marks.length ? { type: 'text', text: t, marks } : { type: 'text', text: t });
const link = (href: string, target?: string) => ({ type: 'link', attrs: target === undefined ? { href } : { href, target } });
const linkDoc = (href: string, target?: string) => doc(para(text('click', link(href, target))));
const image = (attrs: Record<string, unknown>) => doc({ type: 'image', attrs });
const LINK_HREF = ['content', 0, 'content', 0, 'marks', 0, 'attrs', 'href'];
const IMAGE_SRC = ['content', 0, 'attrs', 'src'];

/** The issues of a refused document as path + message; fails the test when the document is accepted. */
const refusal = (value: unknown) => {
  const r = RichTextDocumentSchema.safeParse(value);
  if (r.success) throw new Error(`accepted: ${JSON.stringify(value)}`);
  return r.error.issues.map((i) => ({ path: i.path, message: i.message }));
};

/** The final HTML of an input the schema accepts. */
const rendered = (value: unknown): string => {
  const r = RichTextDocumentSchema.safeParse(value);
  if (!r.success) throw new Error(`refused: ${JSON.stringify(r.error.issues)}`);
  return renderRichText(r.data);
};

const window = new JSDOM('').window;
/**
 * What a browser would build from `html`: only elements the allowlist names, each with only its own attributes,
 * no event handler or style anywhere, every href and src passing the contract's URL rule.
 */
const expectHarmless = (html: string) => {
  const container = window.document.createElement('div');
  container.innerHTML = html;
  for (const el of container.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    expect(Object.keys(RICH_TEXT_HTML_ALLOWLIST), html).toContain(tag);
    for (const attr of el.getAttributeNames()) {
      expect(RICH_TEXT_HTML_ALLOWLIST[tag], `${tag}[${attr}] in ${html}`).toContain(attr);
      expect(attr.startsWith('on') || attr === 'style').toBe(false);
    }
    const href = el.getAttribute('href');
    if (href !== null) expect(isAllowedLinkUrl(href), href).toBe(true);
    const src = el.getAttribute('src');
    if (src !== null) expect(isAllowedImageUrl(src), src).toBe(true);
  }
  return container;
};

type Refused = { name: string; value: unknown; path: (string | number)[]; message: string };

// Each hostile document the schema refuses, with where and why.
const REFUSED: Refused[] = [
  { name: 'javascript: link', value: linkDoc('javascript:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  { name: 'mixed-case JaVaScRiPt: link', value: linkDoc('JaVaScRiPt:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  { name: 'javascript: after a leading space', value: linkDoc(' javascript:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  { name: 'java<TAB>script:', value: linkDoc('java\tscript:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  { name: 'java<LF>script:', value: linkDoc('java\nscript:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  { name: 'control character before javascript:', value: linkDoc('\u0001javascript:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  { name: 'zero-width space inside javascript:', value: linkDoc('java\u200bscript:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  { name: '&#106;avascript: (decimal reference)', value: linkDoc('&#106;avascript:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  { name: '&#x6A;avascript: (hex reference)', value: linkDoc('&#x6A;avascript:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  { name: 'javascript&colon; (named reference)', value: linkDoc('javascript&colon;alert(1)'), path: LINK_HREF, message: M.linkUrl },
  {
    name: 'link address that tries to close the attribute',
    value: linkDoc('https://example.com/"><script>alert(1)</script>'),
    path: LINK_HREF,
    message: M.linkUrl,
  },
  { name: 'vbscript: link', value: linkDoc('vbscript:msgbox(1)'), path: LINK_HREF, message: M.linkUrl },
  {
    name: 'data:text/html link',
    value: linkDoc('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='),
    path: LINK_HREF,
    message: M.linkUrl,
  },
  { name: 'protocol-relative //evil.example', value: linkDoc('//evil.example/login'), path: LINK_HREF, message: M.linkUrl },
  { name: 'backslash host /\\evil.example', value: linkDoc('/\\evil.example'), path: LINK_HREF, message: M.linkUrl },
  { name: 'mailto:javascript:', value: linkDoc('mailto:javascript:alert(1)'), path: LINK_HREF, message: M.linkUrl },
  {
    name: 'link target _self',
    value: linkDoc('https://example.com', '_self'),
    path: ['content', 0, 'content', 0, 'marks', 0, 'attrs', 'target'],
    message: M.linkTarget,
  },
  {
    name: 'link target _parent',
    value: linkDoc('https://example.com', '_parent'),
    path: ['content', 0, 'content', 0, 'marks', 0, 'attrs', 'target'],
    message: M.linkTarget,
  },
  { name: 'image src javascript:', value: image({ src: 'javascript:alert(1)', alt: 'x' }), path: IMAGE_SRC, message: M.imageUrl },
  {
    name: 'image src data:text/html',
    value: image({ src: 'data:text/html,<script>alert(1)</script>', alt: 'x' }),
    path: IMAGE_SRC,
    message: M.imageUrl,
  },
  {
    name: 'image src data:image/svg+xml',
    value: image({ src: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', alt: 'x' }),
    path: IMAGE_SRC,
    message: M.imageUrl,
  },
  { name: 'image src over plain http', value: image({ src: 'http://example.com/a.png', alt: 'x' }), path: IMAGE_SRC, message: M.imageUrl },
  {
    name: 'image src climbing out of the upload path',
    value: image({ src: '/api/businessperationService/common/file/../../auth/logout', alt: 'x' }),
    path: IMAGE_SRC,
    message: M.imageUrl,
  },
  {
    name: 'image without alt text',
    value: image({ src: 'https://example.com/a.png', alt: '  ' }),
    path: ['content', 0, 'attrs', 'alt'],
    message: M.imageAltRequired,
  },
  {
    name: 'onerror attribute on an image',
    value: image({ src: 'https://example.com/a.png', alt: 'x', onerror: 'alert(1)' }),
    path: ['content', 0, 'attrs'],
    message: M.unknownKeys(['onerror']),
  },
  {
    name: 'onclick key on a paragraph',
    value: doc({ type: 'paragraph', onclick: 'alert(1)', content: [text('a')] }),
    path: ['content', 0],
    message: M.unknownKeys(['onclick']),
  },
  {
    name: 'style attribute on a heading',
    value: doc({ type: 'heading', attrs: { level: 2, style: 'background:url(javascript:alert(1))' } }),
    path: ['content', 0, 'attrs'],
    message: M.unknownKeys(['style']),
  },
  {
    name: 'style attribute on a bold mark',
    value: doc(para(text('a', { type: 'bold', attrs: { style: 'position:fixed' } }))),
    path: ['content', 0, 'content', 0, 'marks', 0],
    message: M.unknownKeys(['attrs']),
  },
  {
    name: 'onmouseover smuggled in a code language',
    value: doc({ type: 'codeBlock', attrs: { language: 'ts" onmouseover="alert(1)' } }),
    path: ['content', 0, 'attrs', 'language'],
    message: M.codeLanguage,
  },
  {
    name: 'iframe node',
    value: doc({ type: 'iframe', attrs: { src: 'https://evil.example' } }),
    path: ['content', 0, 'type'],
    message: M.unknownNode('iframe'),
  },
  {
    name: 'html node',
    value: doc({ type: 'html', content: '<script>alert(1)</script>' }),
    path: ['content', 0, 'type'],
    message: M.unknownNode('html'),
  },
  {
    name: 'rawHtml node inside a paragraph',
    value: doc(para({ type: 'rawHtml', html: '<img src=x onerror=alert(1)>' })),
    path: ['content', 0, 'content', 0, 'type'],
    message: M.unknownNode('rawHtml'),
  },
  {
    name: 'svg node with onload',
    value: doc({ type: 'svg', attrs: { onload: 'alert(1)' } }),
    path: ['content', 0, 'type'],
    message: M.unknownNode('svg'),
  },
  {
    name: 'textStyle mark with a colour',
    value: doc(para(text('a', { type: 'textStyle', attrs: { color: 'red' } }))),
    path: ['content', 0, 'content', 0, 'marks', 0, 'type'],
    message: M.unknownMark('textStyle'),
  },
  {
    name: 'extra rel on a link',
    value: doc(para(text('a', { type: 'link', attrs: { href: 'https://example.com', rel: 'opener' } }))),
    path: ['content', 0, 'content', 0, 'marks', 0, 'attrs', 'rel'],
    message: M.unusedAttribute,
  },
  {
    name: 'a text node directly in the doc',
    value: doc(text('loose')),
    path: ['content', 0, 'type'],
    message: M.nodeNotAllowedHere('text'),
  },
  {
    name: '__proto__ key on a node',
    value: JSON.parse('{"type":"doc","content":[{"type":"paragraph","__proto__":{"polluted":true}}]}'),
    path: ['content', 0],
    message: M.unknownKeys(['__proto__']),
  },
  {
    name: 'constructor key in attrs',
    value: JSON.parse('{"type":"doc","content":[{"type":"heading","attrs":{"level":1,"constructor":{"prototype":{"polluted":true}}}}]}'),
    path: ['content', 0, 'attrs'],
    message: M.unknownKeys(['constructor']),
  },
  {
    name: 'NUL in text',
    value: doc(para(text('a\u0000b'))),
    path: ['content', 0, 'content', 0, 'text'],
    message: NUL_MESSAGE,
  },
  {
    name: 'heading level 7',
    value: doc({ type: 'heading', attrs: { level: 7 } }),
    path: ['content', 0, 'attrs', 'level'],
    message: M.headingLevel,
  },
];

/** Lists nested `levels` deep: doc > bulletList > listItem > bulletList > … > paragraph. */
const nestedLists = (levels: number): unknown => {
  let inner: unknown = para(text('deep'));
  for (let i = 0; i < levels; i++) inner = { type: 'bulletList', content: [{ type: 'listItem', content: [inner] }] };
  return doc(inner);
};

describe('the schema refuses hostile documents, naming where', () => {
  it.each(REFUSED)('$name', ({ value, path, message }) => {
    expect(refusal(value)).toContainEqual({ path, message });
  });

  it('counts its payloads', () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(30);
  });

  it('a refused prototype key pollutes nothing', () => {
    refusal(JSON.parse('{"type":"doc","content":[],"__proto__":{"polluted":true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists nested past the depth limit are refused at the first node too deep, cheaply', () => {
    // Each list level is two nodes (list, item) under the doc, with a paragraph and its text innermost.
    const fits = Math.floor((RICH_TEXT_MAX_DEPTH - 3) / 2);
    expect(RichTextDocumentSchema.safeParse(nestedLists(fits)).success).toBe(true);
    // The first node past the limit is reached by RICH_TEXT_MAX_DEPTH steps down `content`.
    const tooDeepAt = Array.from({ length: RICH_TEXT_MAX_DEPTH }, () => ['content', 0]).flat();
    expect(refusal(nestedLists(fits + 1))).toEqual([{ path: tooDeepAt, message: M.tooDeep }]);
    // 50,000 levels would overflow a recursive walk; the bounds check is a loop and stops at the limit.
    expect(refusal(nestedLists(50_000))[0]!.message).toBe(M.tooDeep);
  });

  it('text past the length limit is refused', () => {
    const half = 'x'.repeat(RICH_TEXT_MAX_TEXT_LENGTH / 2);
    expect(RichTextDocumentSchema.safeParse(doc(para(text(half)), para(text(half)))).success).toBe(true);
    expect(refusal(doc(para(text(half)), para(text(`${half}y`))))).toEqual([
      { path: ['content', 1, 'content', 0, 'text'], message: M.textTooLong },
    ]);
  });

  it('more nodes or marks than the limit are refused, before any is walked', () => {
    const rules = (n: number) => Array.from({ length: n }, () => ({ type: 'horizontalRule' }));
    // The doc counts as one.
    expect(RichTextDocumentSchema.safeParse(doc(...rules(RICH_TEXT_MAX_NODES - 1))).success).toBe(true);
    expect(refusal(doc(...rules(RICH_TEXT_MAX_NODES)))).toEqual([{ path: ['content'], message: M.tooManyNodes }]);
    const marks = Array.from({ length: RICH_TEXT_MAX_NODES }, () => ({ type: 'bold' }));
    expect(refusal(doc(para(text('a', ...marks))))).toEqual([{ path: ['content', 0, 'content', 0, 'marks'], message: M.tooManyNodes }]);
    // A million entries, none of them a node: refused on the count alone.
    expect(refusal({ type: 'doc', content: Array<null>(1_000_000).fill(null) })).toEqual([{ path: ['content'], message: M.tooManyNodes }]);
  });

  it('what is not a document at all is refused', () => {
    for (const value of [null, 'html', [], 42, { type: 'paragraph', content: [] }]) {
      expect(refusal(value).map((i) => i.message)).toContain(M.notDocument);
    }
  });
});

describe('valid input that looks hostile comes out as harmless HTML', () => {
  it.each([
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
    ['<svg onload=alert(1)>', '<p>&lt;svg onload=alert(1)&gt;</p>'],
    ['<iframe src="javascript:alert(1)"></iframe>', '<p>&lt;iframe src="javascript:alert(1)"&gt;&lt;/iframe&gt;</p>'],
  ])('markup in text is text: %s', (payload, html) => {
    const out = rendered(doc(para(text(payload))));
    expect(out).toBe(html);
    expect(expectHarmless(out).textContent).toBe(payload);
  });

  it('mailto with a javascript payload after the address is still only a mail link', () => {
    const href = 'mailto:ir@example.com?subject=hi&body=javascript:alert(1)';
    const out = rendered(doc(para(text('mail us', link(href)))));
    expect(out).toBe('<p><a href="mailto:ir@example.com?subject=hi&amp;body=javascript:alert(1)">mail us</a></p>');
    expectHarmless(out);
  });

  it('image alt and title that try to add attributes stay attribute values', () => {
    const alt = '" onerror="alert(1)';
    const title = "' onload='alert(1)";
    const container = expectHarmless(rendered(image({ src: 'https://cdn.example.com/a.png', alt, title })));
    const img = container.querySelector('img')!;
    expect(img.getAttributeNames().sort()).toEqual(['alt', 'loading', 'src', 'title']);
    expect([img.alt, img.title]).toEqual([alt, title]);
  });

  it('code that closes its block stays code', () => {
    const out = rendered(
      doc({ type: 'codeBlock', attrs: { language: 'html' }, content: [text('</code></pre><script>alert(1)</script>')] }),
    );
    expect(out).toBe('<pre><code class="language-html">&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>');
  });

  it('a new-window link gets rel="noopener noreferrer nofollow"; a same-window link gets none', () => {
    expect(rendered(linkDoc('https://evil.example', '_blank'))).toBe(
      '<p><a href="https://evil.example" target="_blank" rel="noopener noreferrer nofollow">click</a></p>',
    );
    expect(rendered(linkDoc('/site/portalWebsite/'))).toBe('<p><a href="/site/portalWebsite/">click</a></p>');
  });

  it('the editor defaults the product does not use are accepted empty and never written', () => {
    const fromEditor = doc(
      { type: 'orderedList', attrs: { start: 1, type: null }, content: [{ type: 'listItem', content: [para(text('one'))] }] },
      para(
        text('x', {
          type: 'link',
          attrs: { href: 'https://example.com', target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title: null },
        }),
      ),
      { type: 'image', attrs: { src: '/api/businessperationService/common/file/7', alt: 'Logo', title: null, width: null, height: null } },
      { type: 'codeBlock', attrs: { language: null }, content: [text('a < b')] },
    );
    expect(rendered(fromEditor)).toBe(
      '<ol><li><p>one</p></li></ol>' +
        '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a></p>' +
        '<img src="/api/businessperationService/common/file/7" alt="Logo" loading="lazy">' +
        '<pre><code>a &lt; b</code></pre>',
    );
  });
});

describe('a realistic article renders the exact expected HTML', () => {
  const bold: RichTextMark = { type: 'bold' };
  const t = (s: string, ...marks: RichTextMark[]): RichTextInline =>
    marks.length ? { type: 'text', text: s, marks } : { type: 'text', text: s };
  const item = (...content: RichTextBlock[]) => ({ type: 'listItem' as const, content });
  const article: RichTextDocument = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [t('2026 年第三季度供应链金融业务回顾')] },
      {
        type: 'paragraph',
        content: [
          t('本季度集团'),
          t('应收账款融资', bold),
          t('同比增长 18%，详见'),
          t('年度报告', bold, { type: 'link', attrs: { href: 'https://www.example.com/reports/2026-q3.pdf', target: '_blank' } }),
          t('。'),
        ],
      },
      { type: 'heading', attrs: { level: 3 }, content: [t('主要举措')] },
      {
        type: 'bulletList',
        content: [
          item({ type: 'paragraph', content: [t('上线电子仓单质押')] }),
          item({ type: 'paragraph', content: [t('与三家银行完成系统直连', { type: 'italic' })] }),
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: 3 },
        content: [item({ type: 'paragraph', content: [t('风控模型迭代'), { type: 'hardBreak' }, t('覆盖 12 个品类')] })],
      },
      { type: 'image', attrs: { src: '/api/businessperationService/common/file/42', alt: '仓库现场照片', title: '上海外高桥仓库' } },
      {
        type: 'blockquote',
        content: [
          {
            type: 'paragraph',
            content: [t('联系我们：'), t('ir@example.com', { type: 'link', attrs: { href: 'mailto:ir@example.com' } })],
          },
        ],
      },
      { type: 'horizontalRule' },
    ],
  };
  const expected =
    '<h2>2026 年第三季度供应链金融业务回顾</h2>' +
    '<p>本季度集团<strong>应收账款融资</strong>同比增长 18%，详见' +
    '<a href="https://www.example.com/reports/2026-q3.pdf" target="_blank" rel="noopener noreferrer nofollow"><strong>年度报告</strong></a>。</p>' +
    '<h3>主要举措</h3>' +
    '<ul><li><p>上线电子仓单质押</p></li><li><p><em>与三家银行完成系统直连</em></p></li></ul>' +
    '<ol start="3"><li><p>风控模型迭代<br>覆盖 12 个品类</p></li></ol>' +
    '<img src="/api/businessperationService/common/file/42" alt="仓库现场照片" title="上海外高桥仓库" loading="lazy">' +
    '<blockquote><p>联系我们：<a href="mailto:ir@example.com">ir@example.com</a></p></blockquote>' +
    '<hr>';

  it('the contract accepts it and the pipeline writes exactly this', () => {
    expect(RichTextDocumentSchema.parse(article)).toEqual(article);
    expect(renderRichText(article)).toBe(expected);
  });

  it('the second line changes nothing the renderer writes', () => {
    expect(sanitiseRichTextHtml(renderDocument(article))).toBe(renderDocument(article));
  });
});

describe('images of the portal media library', () => {
  const sha = 'ab'.repeat(32);
  const mediaSrc = `/api/public/media/${sha}`;

  it('the public media path is accepted, and the pipeline keeps it as written', () => {
    expect(isAllowedImageUrl(mediaSrc)).toBe(true);
    expect(isAllowedImageUrl(publicMediaUrl(sha))).toBe(true);
    expect(publicMediaSha(mediaSrc)).toBe(sha);
    const out = rendered(image({ src: mediaSrc, alt: '仓库现场照片', title: null, width: null, height: null }));
    expect(out).toBe(`<img src="${mediaSrc}" alt="仓库现场照片" loading="lazy">`);
    expectHarmless(out);
    expect(sanitiseRichTextHtml(`<img src="${mediaSrc}" alt="a" onerror="alert(1)">`)).toBe(`<img src="${mediaSrc}" alt="a">`);
  });

  it.each([
    ['upper-case hex', `/api/public/media/${'AB'.repeat(32)}`],
    ['63 hex digits', `/api/public/media/${sha.slice(1)}`],
    ['65 hex digits', `/api/public/media/${sha}a`],
    ['a non-hex letter', `/api/public/media/${sha.slice(1)}g`],
    ['a trailing query', `${mediaSrc}?w=480`],
    ['a trailing fragment', `${mediaSrc}#x`],
    ['a trailing path', `${mediaSrc}/x`],
    ['a trailing slash', `${mediaSrc}/`],
    ['another host', `//evil.example${mediaSrc}`],
    ['a backslash host', `/\\evil.example${mediaSrc}`],
    ['encoded slashes', `/api%2Fpublic%2Fmedia%2F${sha}`],
    ['an encoded slash before the sha', `/api/public/media%2F${sha}`],
    ['a character reference for the slash', `/api/public/media&#47;${sha}`],
    ['climbing out of the media path', `/api/public/media/../../auth/${sha}`],
    ['a zero-width space in the sha', `/api/public/media/${sha.slice(0, 10)}\u200b${sha.slice(10)}`],
    ['no leading slash', mediaSrc.slice(1)],
    ['a prefix before it', `/x${mediaSrc}`],
  ])('a look-alike with %s is refused, and dropped by the second line', (_name, src) => {
    expect(isAllowedImageUrl(src)).toBe(false);
    expect(publicMediaSha(src)).toBeNull();
    expect(refusal(image({ src, alt: 'x' }))).toContainEqual({ path: IMAGE_SRC, message: M.imageUrl });
    // Written into the attribute as the exact string (an HTML parser would decode `&#47;` itself).
    const attr = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    expect(sanitiseRichTextHtml(`<p>t</p><img src="${attr}" alt="x">`)).toBe('<p>t</p>');
  });

  it('surrounding whitespace makes the contract refuse it (the stored address is never trimmed)', () => {
    for (const src of [` ${mediaSrc}`, `${mediaSrc}\n`, `\t${mediaSrc}`]) {
      expect(isAllowedImageUrl(src)).toBe(false);
      expect(refusal(image({ src, alt: 'x' }))).toContainEqual({ path: IMAGE_SRC, message: M.imageUrl });
    }
  });
});

describe('the DOMPurify line on its own strips what the renderer never writes', () => {
  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<svg onload=alert(1)><circle r="1"></circle></svg><p>after</p>', '<p>after</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JAVASCRIPT:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<a href="https://ok.example" target="_self">x</a>', '<a href="https://ok.example">x</a>'],
    [
      '<a href="https://ok.example" target="_blank" rel="opener">x</a>',
      '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<p style="background:url(javascript:alert(1))" onclick="alert(1)" class="x" id="y" data-x="1" title="t">t</p>', '<p>t</p>'],
    ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="a">', ''],
    ['<img src="http://example.com/a.png" alt="a">', ''],
    [
      '<img src="https://example.com/a.png" alt="a" onload="alert(1)" srcset="javascript:alert(1) 1x">',
      '<img src="https://example.com/a.png" alt="a">',
    ],
    [
      '<code class="language-ts onmouseover">c</code><code class="language-ts">c</code>',
      '<code>c</code><code class="language-ts">c</code>',
    ],
    ['<ol start="-1" reversed><li>a</li></ol>', '<ol><li>a</li></ol>'],
    ['<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>', ''],
    ['<object data="https://evil.example/x.swf"></object><embed src="x"><style>*{}</style><link rel=stylesheet href=x>', ''],
    ['<div><span>t</span></div><table><tr><td>cell</td></tr></table>', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<p></p>'],
    ['<a href="https://example.com/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>', '<a>x</a>'],
    ['<h5>five</h5><h1 align="center">one</h1>', '<h1>one</h1>'],
  ])('%s', (hostile, clean) => {
    const out = sanitiseRichTextHtml(hostile);
    expect(out).toBe(clean);
    expectHarmless(out);
  });
});
