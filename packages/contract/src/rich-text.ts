// Rich text: the one document shape the portal content stores (the Tiptap editor's JSON, a ProseMirror document)
// and the URL rule its links and images follow. The schema is an allowlist: a node, mark, attribute or key it does
// not name is refused with an issue whose path says where, so nothing else reaches the renderer.
import { z } from 'zod';
import { NUL_MESSAGE, noNul } from './fields.js';
import { PUBLIC_MEDIA_URL_PREFIX, publicMediaSha } from './portal-media.js';
import { FILE_URL_PREFIX } from './uploads.js';

/** The most characters of text a document holds (all text nodes together). */
export const RICH_TEXT_MAX_TEXT_LENGTH = 200_000;
/** The most nodes and marks a document holds (the doc, every block, text run, break and mark). */
export const RICH_TEXT_MAX_NODES = 20_000;
/** The deepest nesting: the doc is depth 1, a paragraph in it 2, a list item in a list in it 3. */
export const RICH_TEXT_MAX_DEPTH = 16;
/** The longest link or image address. */
export const RICH_TEXT_MAX_URL_LENGTH = 2048;
/** The longest image alt text or title. */
export const RICH_TEXT_MAX_ALT_LENGTH = 500;
export const RICH_TEXT_HEADING_LEVELS = [1, 2, 3, 4] as const;
/** A code block's language: a short name such as ts, c++, c#, shell-session. */
export const RICH_TEXT_CODE_LANGUAGE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9+#_-]{0,19}$/;

export const RICH_TEXT_NODE_TYPES = [
  'doc',
  'paragraph',
  'text',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'codeBlock',
  'hardBreak',
  'horizontalRule',
  'image',
] as const;
export const RICH_TEXT_MARK_TYPES = ['bold', 'italic', 'underline', 'strike', 'code', 'link'] as const;
/** The rel of a link that opens a new window (the renderer writes it; the editor's default is the same). */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';
/** What a link may point to; the editor offers the same protocols. */
export const RICH_TEXT_LINK_PROTOCOLS = ['http', 'https', 'mailto'] as const;

export const RICH_TEXT_MESSAGES = {
  notDocument: '正文必须是富文本文档',
  malformed: '正文格式不正确',
  unknownNode: (type: unknown) => `不支持的内容类型：${String(type)}`,
  nodeNotAllowedHere: (type: unknown) => `此处不能放置：${String(type)}`,
  unknownMark: (type: unknown) => `不支持的文字格式：${String(type)}`,
  unknownKeys: (keys: readonly string[]) => `不支持的属性：${keys.join(', ')}`,
  unusedAttribute: '此属性不能设置',
  emptyText: '文字不能为空',
  headingLevel: '标题级别只能是 1 到 4',
  orderedListStart: '列表起始编号必须是正整数',
  codeLanguage: '代码语言只能是字母、数字和 + # _ -，最多 20 个字符',
  linkUrl: '链接地址只能是 http、https、mailto 或以 / 开头的站内路径',
  imageUrl: `图片地址只能是 https、媒体库的文件（${PUBLIC_MEDIA_URL_PREFIX}…）或本系统上传的文件（${FILE_URL_PREFIX}…）`,
  urlTooLong: `地址不能超过 ${RICH_TEXT_MAX_URL_LENGTH} 个字符`,
  linkTarget: '链接只能在新窗口（_blank）或当前窗口打开',
  imageAltRequired: '请输入图片的替代文字',
  altTooLong: `不能超过 ${RICH_TEXT_MAX_ALT_LENGTH} 个字符`,
  textTooLong: `正文不能超过 ${RICH_TEXT_MAX_TEXT_LENGTH} 个字符`,
  tooManyNodes: `正文内容过多，不能超过 ${RICH_TEXT_MAX_NODES} 个元素`,
  tooDeep: `正文嵌套不能超过 ${RICH_TEXT_MAX_DEPTH} 层`,
} as const;

// ---- URLs

// Characters a browser drops from or tolerates in a URL (C0 controls, space, DEL, C1 controls) and invisible
// format characters (soft hyphen, zero-width characters, bidi controls, BOM) that would let `java\tscript:` or
// `java\u200bscript:` read as a different scheme than the one checked. Matching control characters is the point.
// eslint-disable-next-line no-control-regex
const HIDDEN_CHARS = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g;

const NAMED_REFERENCES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  period: '.',
  lpar: '(',
  rpar: ')',
  amp: '&',
  nbsp: '\u00a0',
};

/** Decodes HTML character references (`&#106;`, `&#x6A`, `&colon;`), with or without the closing semicolon. */
const decodeCharacterReferences = (s: string): string =>
  s.replace(/&(?:#(\d{1,8})|#x([0-9a-f]{1,8})|([a-z]{2,10}));?/gi, (whole, dec?: string, hex?: string, name?: string) => {
    const code = dec !== undefined ? Number(dec) : hex !== undefined ? Number.parseInt(hex, 16) : undefined;
    if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    return NAMED_REFERENCES[name!.toLowerCase()] ?? whole;
  });

/**
 * The address a browser would act on, for checking its scheme: character references decoded (repeatedly, so
 * `&amp;#106;` is caught too), then every control, whitespace and invisible character removed. Only for
 * checking: the stored address is never rewritten.
 */
export const normaliseUrlForCheck = (raw: string): string => {
  let s = raw;
  for (let i = 0; i < 4; i++) {
    const decoded = decodeCharacterReferences(s);
    if (decoded === s) break;
    s = decoded;
  }
  return s.replace(HIDDEN_CHARS, '');
};

/** A path on this site: `/` then anything but a second `/` or `\` (`//host` and `/\host` are other hosts). */
const SITE_PATH = /^\/(?![/\\])/;
const HTTP_URL = /^https?:\/\/[^/\\?#@]+(?:[/?#].*)?$/i;
const HTTPS_URL = /^https:\/\/[^/\\?#@]+(?:[/?#].*)?$/i;
/** mailto: one or more addresses (no scheme-like `x:` before the @), then optional ?subject=…&body=…. */
const MAILTO_URL = /^mailto:[^\s:/?#@]+@[^\s:/?#@]+(?:,[^\s:/?#@]+@[^\s:/?#@]+)*(?:\?.*)?$/i;
const UPLOADED_FILE_URL = new RegExp(`^${FILE_URL_PREFIX.replace(/[/.]/g, '\\$&')}\\d{1,15}(?:\\?[A-Za-z0-9=&_-]{0,100})?$`);
const HAS_HIDDEN_CHAR = new RegExp(HIDDEN_CHARS.source);
/** Characters a valid address carries only percent-encoded; raw, they can only be an attempt to leave the attribute. */
const HAS_MARKUP_CHAR = /["<>`]/;

/**
 * The address passes `test` both as written and as a browser would read it. A hidden or markup character anywhere
 * is refused outright: a real address has none, and a checked-versus-used mismatch is how a scheme gets smuggled.
 */
const passes = (raw: string, test: (s: string) => boolean): boolean =>
  raw.length > 0 &&
  raw.length <= RICH_TEXT_MAX_URL_LENGTH &&
  !HAS_HIDDEN_CHAR.test(raw) &&
  !HAS_MARKUP_CHAR.test(raw) &&
  test(raw) &&
  test(normaliseUrlForCheck(raw));

/** A link address: http, https, mailto, or a path on this site. */
export const isAllowedLinkUrl = (raw: string): boolean => passes(raw, (s) => HTTP_URL.test(s) || MAILTO_URL.test(s) || SITE_PATH.test(s));

/**
 * An image address: https, a public file of the portal media library (the only local kind the public site can show,
 * having no session), or a file of this product's upload store.
 */
export const isAllowedImageUrl = (raw: string): boolean =>
  passes(raw, (s) => HTTPS_URL.test(s) || publicMediaSha(s) !== null || UPLOADED_FILE_URL.test(s));

// ---- the document

export type RichTextMark =
  | { type: 'bold' }
  | { type: 'italic' }
  | { type: 'underline' }
  | { type: 'strike' }
  | { type: 'code' }
  | { type: 'link'; attrs: { href: string; target?: '_blank' | null; rel?: string | null; class?: null; title?: null } };
export type RichTextText = { type: 'text'; text: string; marks?: RichTextMark[] };
export type RichTextHardBreak = { type: 'hardBreak' };
export type RichTextInline = RichTextText | RichTextHardBreak;
export type RichTextParagraph = { type: 'paragraph'; content?: RichTextInline[] };
export type RichTextHeading = { type: 'heading'; attrs: { level: 1 | 2 | 3 | 4 }; content?: RichTextInline[] };
export type RichTextListItem = { type: 'listItem'; content: RichTextBlock[] };
export type RichTextBulletList = { type: 'bulletList'; content: RichTextListItem[] };
export type RichTextOrderedList = { type: 'orderedList'; attrs?: { start?: number | null; type?: null }; content: RichTextListItem[] };
export type RichTextBlockquote = { type: 'blockquote'; content: RichTextBlock[] };
export type RichTextCodeBlock = {
  type: 'codeBlock';
  attrs?: { language?: string | null };
  content?: { type: 'text'; text: string }[];
};
export type RichTextHorizontalRule = { type: 'horizontalRule' };
export type RichTextImage = {
  type: 'image';
  attrs: { src: string; alt: string; title?: string | null; width?: null; height?: null };
};
export type RichTextBlock =
  | RichTextParagraph
  | RichTextHeading
  | RichTextBulletList
  | RichTextOrderedList
  | RichTextBlockquote
  | RichTextCodeBlock
  | RichTextHorizontalRule
  | RichTextImage;
export type RichTextDocument = { type: 'doc'; content: RichTextBlock[] };

const M = RICH_TEXT_MESSAGES;

/** A closed object: an unknown key is refused, naming it. */
const closed = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownKeys(issue.keys) : undefined),
  });

/** A union on `type`: an unknown type is refused as unknown, a known one in the wrong place as misplaced. */
const byType = <T extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]]>(
  options: T,
  known: readonly string[],
  unknownMessage: (type: unknown) => string,
) =>
  z.discriminatedUnion('type', options, {
    error: (issue) => {
      const type = (issue.input as { type?: unknown } | undefined)?.type;
      if (issue.code !== 'invalid_union') return undefined;
      if (typeof issue.input !== 'object' || issue.input === null || Array.isArray(issue.input)) return M.notDocument;
      return known.includes(String(type)) ? M.nodeNotAllowedHere(type) : unknownMessage(type);
    },
  });

const text = z.string({ error: M.malformed }).refine(noNul, NUL_MESSAGE);
const url = (allowed: (s: string) => boolean, message: string) =>
  z.string({ error: M.malformed }).max(RICH_TEXT_MAX_URL_LENGTH, M.urlTooLong).refine(noNul, NUL_MESSAGE).refine(allowed, message);

/**
 * An attribute the Tiptap editor writes with a null default that the product does not use (a link's class, an
 * ordered list's type, an image's width): accepted only empty, so the editor's JSON is stored as it comes.
 */
const unused = () => z.null({ error: M.unusedAttribute }).optional();

const LinkMarkSchema = closed({
  type: z.literal('link'),
  attrs: closed({
    href: url(isAllowedLinkUrl, M.linkUrl),
    target: z.literal('_blank', { error: M.linkTarget }).nullish(),
    // The renderer writes its own rel; the editor's default one is accepted and ignored.
    rel: z.literal(RICH_TEXT_LINK_REL, { error: M.unusedAttribute }).nullish(),
    class: unused(),
    title: unused(),
  }),
});
const MarkSchema: z.ZodType<RichTextMark> = byType(
  [
    closed({ type: z.literal('bold') }),
    closed({ type: z.literal('italic') }),
    closed({ type: z.literal('underline') }),
    closed({ type: z.literal('strike') }),
    closed({ type: z.literal('code') }),
    LinkMarkSchema,
  ],
  [],
  M.unknownMark,
);

const TextSchema = closed({
  type: z.literal('text'),
  text: text.min(1, M.emptyText),
  marks: z.array(MarkSchema, { error: M.malformed }).optional(),
});
const HardBreakSchema = closed({ type: z.literal('hardBreak') });
const InlineSchema: z.ZodType<RichTextInline> = byType([TextSchema, HardBreakSchema], RICH_TEXT_NODE_TYPES, M.unknownNode);

/** The `type` of a node where only one type may stand (a list's items, a code block's text). */
const onlyType = <T extends string>(type: T) =>
  z.literal(type, {
    error: (issue) =>
      (RICH_TEXT_NODE_TYPES as readonly unknown[]).includes(issue.input) ? M.nodeNotAllowedHere(issue.input) : M.unknownNode(issue.input),
  });

const block = (): z.ZodType<RichTextBlock> => BlockSchema;
const ListItemSchema: z.ZodType<RichTextListItem> = closed({
  type: onlyType('listItem'),
  content: z.lazy(() => z.array(block(), { error: M.malformed })),
});
const listItems = () => z.array(ListItemSchema, { error: M.malformed });

const BlockSchema: z.ZodType<RichTextBlock> = byType(
  [
    closed({ type: z.literal('paragraph'), content: z.array(InlineSchema, { error: M.malformed }).optional() }),
    closed({
      type: z.literal('heading'),
      attrs: closed({
        level: z.union(
          RICH_TEXT_HEADING_LEVELS.map((l) => z.literal(l)),
          { error: M.headingLevel },
        ),
      }),
      content: z.array(InlineSchema, { error: M.malformed }).optional(),
    }),
    closed({ type: z.literal('bulletList'), content: z.lazy(listItems) }),
    closed({
      type: z.literal('orderedList'),
      attrs: closed({
        start: z
          .number({ error: M.orderedListStart })
          .int(M.orderedListStart)
          .min(1, M.orderedListStart)
          .max(1_000_000, M.orderedListStart)
          .nullish(),
        type: unused(),
      }).optional(),
      content: z.lazy(listItems),
    }),
    closed({ type: z.literal('blockquote'), content: z.lazy(() => z.array(block(), { error: M.malformed })) }),
    closed({
      type: z.literal('codeBlock'),
      attrs: closed({
        language: z.string({ error: M.codeLanguage }).regex(RICH_TEXT_CODE_LANGUAGE_PATTERN, M.codeLanguage).nullish(),
      }).optional(),
      content: z.array(closed({ type: onlyType('text'), text: text.min(1, M.emptyText) }), { error: M.malformed }).optional(),
    }),
    closed({ type: z.literal('horizontalRule') }),
    closed({
      type: z.literal('image'),
      attrs: closed({
        src: url(isAllowedImageUrl, M.imageUrl),
        alt: z
          .string({ error: M.imageAltRequired })
          .refine(noNul, NUL_MESSAGE)
          .refine((s) => s.trim().length > 0, M.imageAltRequired)
          .refine((s) => s.length <= RICH_TEXT_MAX_ALT_LENGTH, M.altTooLong),
        title: text.max(RICH_TEXT_MAX_ALT_LENGTH, M.altTooLong).nullish(),
        width: unused(),
        height: unused(),
      }),
    }),
  ],
  RICH_TEXT_NODE_TYPES,
  M.unknownNode,
) as z.ZodType<RichTextBlock>;

type Bounds = { message: string; path: (string | number)[] } | undefined;

/**
 * Measures a document before the schema walks it: total text, node count and depth, without recursion and
 * stopping at the first limit passed, so a hostile document (100,000 nested lists, megabytes of text) is refused
 * cheaply and never reaches the recursive schema. Only `content` arrays and `text` strings are looked at.
 */
const checkBounds = (doc: unknown): Bounds => {
  const stack: { node: unknown; depth: number; path: (string | number)[] }[] = [{ node: doc, depth: 1, path: [] }];
  // Nodes and marks are counted as their arrays are met, so a list of a million entries is refused before any is
  // looked at.
  let counted = 1;
  let textLength = 0;
  while (stack.length > 0) {
    const { node, depth, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > RICH_TEXT_MAX_DEPTH) return { message: M.tooDeep, path };
    const { text: t, marks, content } = node as { text?: unknown; marks?: unknown; content?: unknown };
    if (typeof t === 'string' && (textLength += t.length) > RICH_TEXT_MAX_TEXT_LENGTH)
      return { message: M.textTooLong, path: [...path, 'text'] };
    if (Array.isArray(marks) && (counted += marks.length) > RICH_TEXT_MAX_NODES)
      return { message: M.tooManyNodes, path: [...path, 'marks'] };
    if (Array.isArray(content)) {
      if ((counted += content.length) > RICH_TEXT_MAX_NODES) return { message: M.tooManyNodes, path: [...path, 'content'] };
      for (let i = content.length - 1; i >= 0; i--) stack.push({ node: content[i], depth: depth + 1, path: [...path, 'content', i] });
    }
  }
  return undefined;
};

const DocShapeSchema = closed({
  type: z.literal('doc', { error: M.notDocument }),
  content: z.array(BlockSchema, { error: M.malformed }),
});

/** A rich-text document as stored: within the limits, and made only of the allowed nodes, marks and addresses. */
export const RichTextDocumentSchema: z.ZodType<RichTextDocument> = z
  .unknown()
  .superRefine((doc, ctx) => {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      ctx.addIssue({ code: 'custom', message: M.notDocument, input: doc, abort: true });
      return;
    }
    const exceeded = checkBounds(doc);
    if (exceeded) ctx.addIssue({ code: 'custom', message: exceeded.message, path: exceeded.path, input: doc, abort: true });
  })
  .pipe(DocShapeSchema) as z.ZodType<RichTextDocument>;

/** The document of an empty editor. */
export const EMPTY_RICH_TEXT: RichTextDocument = { type: 'doc', content: [{ type: 'paragraph' }] };
