// The content items of the two portal sites (issue 12): one model for every page type. Each content type is
// defined once here as a list of fields (key, widget, label key, schema); the server validates a save with the
// type's schema, and the web builds its list columns, forms and detail views from the same fields.
//
// An item keeps a working copy (the draft, versioned: every save is a version) and, once approved, a live copy
// (what the public site shows). Its status:
//   draft               never published
//   scheduled           approved, goes live at goLiveAt (the scheduler publishes it)
//   published           live; `publishedWithDraft` when a newer draft has been saved since
//   withdrawn           taken down by an editor (the live copy is kept, not served)
//   expired             its expireAt passed (the scheduler expires it)
// Publishing goes through approval: submit (reviewState pending) → the approver approves (live = the submitted
// version) or rejects with a reason (reviewState rejected, the draft stays).
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import {
  NUL_MESSAGE,
  inputString,
  isUnset,
  optionalTextOrEmpty,
  requiredText,
  requiredValue,
  rowId,
  tooLongMessage,
  withFieldMeta,
} from './fields.js';
import { MediaSummarySchema } from './portal-media.js';
import type { PortalSite } from './portal.js';
import { RichTextDocumentSchema } from './rich-text.js';

export const CONTENT_TYPES = [
  'article',
  'announcement',
  'pictureTextPage',
  'pictureTextItem',
  'video',
  'industryVideo',
  'banner',
  'websiteCopy',
  'layoutSlot',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Stored statuses; `publishedWithDraft` is reported for a published item whose draft is newer than its live copy. */
export const CONTENT_STORED_STATUSES = ['draft', 'scheduled', 'published', 'withdrawn', 'expired'] as const;
export const CONTENT_STATUSES = ['draft', 'scheduled', 'published', 'publishedWithDraft', 'withdrawn', 'expired'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const REVIEW_STATES = ['none', 'pending', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The layout slots of a site's home page, each fed by this many columns. */
export const SLOT_KINDS = {
  horizontalNews1: { min: 1, max: 1 },
  horizontalNews3: { min: 3, max: 3 },
  horizontalNews4: { min: 4, max: 4 },
  bottomNews: { min: 1, max: 4 },
  leftRightRow: { min: 2, max: 2 },
  threeRow: { min: 3, max: 3 },
  fourRow: { min: 4, max: 4 },
  bottomRow: { min: 1, max: 4 },
} as const satisfies Record<string, { min: number; max: number }>;
export type SlotKind = keyof typeof SLOT_KINDS;
export const SLOT_KIND_NAMES = Object.keys(SLOT_KINDS) as SlotKind[];
export const SLOT_VARIANTS = ['list', 'cards', 'imageLeft', 'imageTop'] as const;
export const SLOT_ITEM_COUNT_MAX = 20;
export const CONTENT_TAGS_MAX = 10;
export const CONTENT_TAG_MAX_LENGTH = 20;
export const VIDEO_DURATION_MAX_SECONDS = 24 * 3600;
/** Sort order of banners, slots and picture-text items (smaller first). */
export const CONTENT_SORT_MAX = 9999;
/** The largest autosave of the content editor (its data as JSON, in characters). */
export const CONTENT_AUTOSAVE_MAX_CHARS = 256 * 1024;
/** The most ids one batch call or one reorder names. */
export const CONTENT_BATCH_MAX = 100;

export const CONTENT_MESSAGES = {
  titleRequired: '请输入标题',
  columnRequired: '请选择栏目',
  bodyRequired: '请输入正文',
  imageRequired: '请选择图片',
  coverRequired: '请选择封面图片',
  videoRequired: '请选择视频文件',
  posterRequired: '请选择封面图片',
  durationRequired: '请输入时长',
  durationInvalid: `时长必须是 1 到 ${VIDEO_DURATION_MAX_SECONDS} 之间的整数（秒）`,
  mediaInvalid: '媒体 id 必须是正整数',
  columnInvalid: '栏目 id 必须是正整数',
  tagsInvalid: `标签最多 ${CONTENT_TAGS_MAX} 个，每个不超过 ${CONTENT_TAG_MAX_LENGTH} 个字符`,
  dateTimeInvalid: '时间格式应为 ISO 8601（如 2026-01-31T08:00:00+08:00）',
  expireBeforeGoLive: '下线时间必须晚于上线时间',
  linkInvalid: '链接地址只能是 http、https 或站内相对路径',
  slotKindRequired: '请选择版位类型',
  slotKindInvalid: '版位类型不正确',
  slotColumnsCount: (min: number, max: number) => (min === max ? `该版位需要选择 ${min} 个栏目` : `该版位需要选择 ${min} 到 ${max} 个栏目`),
  itemCountInvalid: `显示条数必须是 1 到 ${SLOT_ITEM_COUNT_MAX} 的整数`,
  variantInvalid: '显示样式不正确',
  sortInvalid: `排序必须是 0 到 ${CONTENT_SORT_MAX} 的整数`,
  emailInvalid: '请输入正确的邮箱地址',
  icpInvalid: '备案号格式不正确（如 京ICP备12345678号）',
  versionInvalid: '版本号必须是正整数',
  stale: '内容已被他人修改（当前版本更新），请重新加载或对比后再保存',
  notFound: '内容不存在',
  onePagePerColumn: '该栏目已有图文单页',
  oneCopyPerSite: '该站点已有网站文案',
  announcementLocked: '公告发布后不能修改，请撤回后重新发布',
  pendingReview: '内容正在审批中，不能修改',
  alreadyPending: '内容已提交审批',
  nothingToSubmit: '没有需要发布的新版本',
  notWithdrawable: '只有已发布或待上线的内容可以撤回',
  columnWrongSite: '栏目不存在或不属于本站点',
  columnWrongKind: '该栏目不能放置此类内容',
  mediaWrongKind: (kind: string) => (kind === 'video' ? '请选择视频文件' : '请选择图片'),
  mediaMissing: '媒体文件不存在或不属于本站点',
  bodyMediaMissing: '正文中的图片不在本站点的媒体库中（可能已删除），请从媒体库重新选择',
  batchEmpty: '请选择内容',
  batchTooMany: `一次最多处理 ${CONTENT_BATCH_MAX} 条`,
  versionMissing: '该版本不存在',
  notDeletable: '已发布或待上线的内容不能删除，请先撤回',
  reissueAnnouncementsOnly: '只有已发布过的公告可以重新发布',
  slotKindMixed: '只能调整同一版位类型的排序',
  liveMissing: '该内容尚未发布',
  restoredFrom: (version: number) => `恢复自版本 ${version}`,
  reordered: '调整排序',
  created: '新建',
  reissuedFrom: (id: number) => `重新发布自 #${id}`,
  autosaveRequired: '请提供自动保存的内容',
  autosaveTooLarge: `自动保存的内容不能超过 ${CONTENT_AUTOSAVE_MAX_CHARS} 个字符`,
} as const;

/** The types' names in the server's messages (a column's where-used list). The web labels them from its locales. */
export const CONTENT_TYPE_NAMES = {
  article: '文章',
  announcement: '公告',
  pictureTextPage: '图文单页',
  pictureTextItem: '图文条目',
  video: '视频',
  industryVideo: '行业视频',
  banner: '轮播图',
  websiteCopy: '网站文案',
  layoutSlot: '首页版位',
} as const satisfies Record<ContentType, string>;

/** The column kinds a layout slot's columns may be (its items come from them). */
export const SLOT_COLUMN_KINDS = ['list', 'topic'] as const;

/** How a field is edited and shown. image/video hold a media id of the site's media library; column a column id;
 * columns an ordered list of column ids; richText a rich-text document; datetime an ISO 8601 instant. */
export const CONTENT_WIDGETS = [
  'text',
  'textarea',
  'richText',
  'image',
  'video',
  'column',
  'columns',
  'datetime',
  'tags',
  'number',
  'url',
  'email',
  'select',
] as const;
export type ContentWidget = (typeof CONTENT_WIDGETS)[number];

export type ContentField = {
  key: string;
  widget: ContentWidget;
  /** The i18n key of its label (web locales, `portal.field.<key>`). */
  label: string;
  schema: z.ZodType;
  /** The message when it is left blank (absent: optional). */
  required?: string;
  max?: number;
  /** Shown as a column of the list page. */
  inList?: boolean;
  /** select: its values (labels `portal.option.<key>.<value>`). */
  options?: readonly string[];
};

const field = (key: string, widget: ContentWidget, schema: z.ZodType, extra: Partial<ContentField> = {}): ContentField => ({
  key,
  widget,
  label: `portal.field.${key}`,
  schema,
  ...extra,
});

const blankToNull = (v: unknown) => (isUnset(v) ? null : v);

/** An ISO 8601 instant with an offset (or Z), within PostgreSQL's range; blank is null. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;
export const isContentDateTime = (s: string): boolean => {
  if (!DATE_TIME.test(s)) return false;
  const t = Date.parse(s);
  return !Number.isNaN(t) && new Date(t).getUTCFullYear() >= 1900 && new Date(t).getUTCFullYear() <= 9999;
};
export const optionalDateTime = () =>
  z.preprocess(
    blankToNull,
    inputString({ error: CONTENT_MESSAGES.dateTimeInvalid }).refine(isContentDateTime, CONTENT_MESSAGES.dateTimeInvalid).nullable(),
  );

const title = (max = 100) =>
  field('title', 'text', requiredText(CONTENT_MESSAGES.titleRequired, max, { label: 'portal.field.title' }), {
    required: CONTENT_MESSAGES.titleRequired,
    max,
    inList: true,
  });
const text = (key: string, max: number, widget: 'text' | 'textarea' = 'text') =>
  field(key, widget, optionalTextOrEmpty(max, { label: `portal.field.${key}` }), { max });
const requiredColumn = () =>
  field('columnId', 'column', requiredValue(rowId(CONTENT_MESSAGES.columnInvalid), CONTENT_MESSAGES.columnRequired), {
    required: CONTENT_MESSAGES.columnRequired,
    inList: true,
  });
const optionalColumn = () =>
  field('columnId', 'column', z.preprocess(blankToNull, rowId(CONTENT_MESSAGES.columnInvalid).nullable()), { inList: true });
const requiredMedia = (key: string, widget: 'image' | 'video', message: string) =>
  field(key, widget, requiredValue(rowId(CONTENT_MESSAGES.mediaInvalid), message), { required: message });
const optionalMedia = (key: string, widget: 'image' | 'video') =>
  field(key, widget, z.preprocess(blankToNull, rowId(CONTENT_MESSAGES.mediaInvalid).nullable()));
const body = (required = true) =>
  field(
    'body',
    'richText',
    required
      ? requiredValue(RichTextDocumentSchema, CONTENT_MESSAGES.bodyRequired)
      : z.preprocess(blankToNull, RichTextDocumentSchema.nullable()),
    required ? { required: CONTENT_MESSAGES.bodyRequired } : {},
  );
const tags = () =>
  field(
    'tags',
    'tags',
    z.preprocess(
      (v) => (v === undefined || v === null ? [] : v),
      z
        .array(
          inputString({ error: CONTENT_MESSAGES.tagsInvalid })
            .trim()
            .min(1, CONTENT_MESSAGES.tagsInvalid)
            .max(CONTENT_TAG_MAX_LENGTH, CONTENT_MESSAGES.tagsInvalid),
          {
            error: CONTENT_MESSAGES.tagsInvalid,
          },
        )
        .max(CONTENT_TAGS_MAX, CONTENT_MESSAGES.tagsInvalid),
    ),
  );
const intBetween = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
const sortOrder = () =>
  field(
    'sortOrder',
    'number',
    z.preprocess((v) => (isUnset(v) ? 0 : v), intBetween(CONTENT_MESSAGES.sortInvalid, 0, CONTENT_SORT_MAX)),
    {
      inList: true,
    },
  );
/** http(s), or a path within the site; blank is ''. */
export const CONTENT_LINK_PATTERN = /^(?:https?:\/\/[^\s/?#]+\S*|\/(?!\/)\S*)$/i;
const link = () =>
  field(
    'linkUrl',
    'url',
    withFieldMeta(
      optionalTextOrEmpty(500, { label: 'portal.field.linkUrl' }).refine(
        (s) => s === '' || CONTENT_LINK_PATTERN.test(s),
        CONTENT_MESSAGES.linkInvalid,
      ),
      { pattern: CONTENT_LINK_PATTERN, patternMessage: CONTENT_MESSAGES.linkInvalid },
    ),
    { max: 500 },
  );
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** e.g. 京ICP备12345678号 or 京ICP备12345678号-1 (blank allowed). */
export const ICP_PATTERN = /^[\u4e00-\u9fa5]ICP备\d{6,10}号(?:-\d{1,3})?$/;

/** The fields of a video and of an industry-news video: the file, its poster, its duration and a summary. */
const videoFields = (): ContentField[] => [
  title(),
  requiredColumn(),
  requiredMedia('video', 'video', CONTENT_MESSAGES.videoRequired),
  requiredMedia('poster', 'image', CONTENT_MESSAGES.posterRequired),
  field(
    'duration',
    'number',
    requiredValue(intBetween(CONTENT_MESSAGES.durationInvalid, 1, VIDEO_DURATION_MAX_SECONDS), CONTENT_MESSAGES.durationRequired),
    { required: CONTENT_MESSAGES.durationRequired, inList: true },
  ),
  text('summary', 300, 'textarea'),
];

/** Everything the server and the web know about one content type. */
export type ContentTypeDef = {
  type: ContentType;
  fields: readonly ContentField[];
  /** Editing after publishing is refused (withdraw and reissue instead): announcements. */
  lockedAfterPublish?: boolean;
  /** At most one item per column (picture-text single page) or per site (website copy). */
  unique?: 'column' | 'site';
  /** Ordered by sortOrder, with drag-to-reorder in its list (banners, slots, picture-text items). */
  sortable?: boolean;
  /** The column kinds its column may be (none: it has no column). */
  columnKinds?: readonly ('list' | 'page' | 'topic')[];
};

const def = (d: ContentTypeDef) => d;

export const CONTENT_TYPE_DEFS = {
  article: def({
    type: 'article',
    columnKinds: ['list', 'topic'],
    fields: [
      title(),
      requiredColumn(),
      text('summary', 300, 'textarea'),
      optionalMedia('cover', 'image'),
      body(),
      text('author', 50),
      text('source', 100),
      field('publishTime', 'datetime', optionalDateTime(), { inList: true }),
      tags(),
    ],
  }),
  announcement: def({
    type: 'announcement',
    lockedAfterPublish: true,
    columnKinds: ['list', 'topic'],
    fields: [title(), optionalColumn(), body(), field('publishTime', 'datetime', optionalDateTime(), { inList: true })],
  }),
  pictureTextPage: def({
    type: 'pictureTextPage',
    unique: 'column',
    columnKinds: ['page'],
    fields: [title(), requiredColumn(), optionalMedia('cover', 'image'), body()],
  }),
  pictureTextItem: def({
    type: 'pictureTextItem',
    sortable: true,
    columnKinds: ['list', 'topic'],
    fields: [
      title(),
      requiredColumn(),
      requiredMedia('cover', 'image', CONTENT_MESSAGES.coverRequired),
      text('summary', 300, 'textarea'),
      body(false),
      link(),
      sortOrder(),
    ],
  }),
  video: def({
    type: 'video',
    columnKinds: ['list', 'topic'],
    fields: videoFields(),
  }),
  industryVideo: def({
    type: 'industryVideo',
    columnKinds: ['list', 'topic'],
    fields: videoFields(),
  }),
  // Its time window is the item's go-live and expiry times.
  banner: def({
    type: 'banner',
    sortable: true,
    fields: [title(50), requiredMedia('image', 'image', CONTENT_MESSAGES.imageRequired), link(), sortOrder()],
  }),
  websiteCopy: def({
    type: 'websiteCopy',
    unique: 'site',
    fields: [
      title(50),
      text('footerText', 500, 'textarea'),
      text('contactPhone', 30),
      field(
        'contactEmail',
        'email',
        withFieldMeta(
          optionalTextOrEmpty(100, { label: 'portal.field.contactEmail' }).refine(
            (s) => s === '' || EMAIL.test(s),
            CONTENT_MESSAGES.emailInvalid,
          ),
          { pattern: EMAIL, patternMessage: CONTENT_MESSAGES.emailInvalid },
        ),
        { max: 100 },
      ),
      text('contactAddress', 200),
      field(
        'icp',
        'text',
        withFieldMeta(
          optionalTextOrEmpty(40, { label: 'portal.field.icp' }).refine(
            (s) => s === '' || ICP_PATTERN.test(s),
            CONTENT_MESSAGES.icpInvalid,
          ),
          { pattern: ICP_PATTERN, patternMessage: CONTENT_MESSAGES.icpInvalid },
        ),
        { max: 40, inList: true },
      ),
      text('copyright', 200),
    ],
  }),
  layoutSlot: def({
    type: 'layoutSlot',
    sortable: true,
    fields: [
      title(50),
      field(
        'slotKind',
        'select',
        requiredValue(
          z.enum(SLOT_KIND_NAMES as [SlotKind, ...SlotKind[]], { error: CONTENT_MESSAGES.slotKindInvalid }),
          CONTENT_MESSAGES.slotKindRequired,
        ),
        { required: CONTENT_MESSAGES.slotKindRequired, options: SLOT_KIND_NAMES, inList: true },
      ),
      field(
        'columnIds',
        'columns',
        z.preprocess(
          (v) => (v === undefined || v === null ? [] : v),
          z.array(rowId(CONTENT_MESSAGES.columnInvalid), { error: CONTENT_MESSAGES.columnInvalid }),
        ),
        { inList: true },
      ),
      field(
        'itemCount',
        'number',
        z.preprocess((v) => (isUnset(v) ? 5 : v), intBetween(CONTENT_MESSAGES.itemCountInvalid, 1, SLOT_ITEM_COUNT_MAX)),
        {
          inList: true,
        },
      ),
      field(
        'variant',
        'select',
        z.preprocess((v) => (isUnset(v) ? 'list' : v), z.enum(SLOT_VARIANTS, { error: CONTENT_MESSAGES.variantInvalid })),
        {
          options: SLOT_VARIANTS,
        },
      ),
      sortOrder(),
    ],
  }),
} as const satisfies Record<ContentType, ContentTypeDef>;

/** The data of one content type, as validated (the draft and the live copy of an item). */
export function contentDataSchema(type: ContentType) {
  const d: ContentTypeDef = CONTENT_TYPE_DEFS[type];
  const schema = z.object(Object.fromEntries(d.fields.map((f) => [f.key, f.schema])));
  if (type !== 'layoutSlot') return schema;
  return schema.superRefine((v, ctx) => {
    const kind = v.slotKind as SlotKind | undefined;
    const ids = v.columnIds as number[] | undefined;
    if (!kind || !ids) return;
    const { min, max } = SLOT_KINDS[kind];
    if (ids.length < min || ids.length > max)
      ctx.addIssue({ code: 'custom', path: ['columnIds'], message: CONTENT_MESSAGES.slotColumnsCount(min, max) });
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['columnIds'], message: CONTENT_MESSAGES.columnInvalid });
  });
}
export type ContentData = Record<string, unknown>;

const timeWindow = {
  /** When it goes live once approved (null: at approval). */
  goLiveAt: optionalDateTime(),
  /** When it goes off the site (null: never). */
  expireAt: optionalDateTime(),
};
const expireAfterGoLive = (v: { goLiveAt: string | null; expireAt: string | null }, ctx: z.RefinementCtx) => {
  if (v.goLiveAt && v.expireAt && Date.parse(v.expireAt) <= Date.parse(v.goLiveAt))
    ctx.addIssue({ code: 'custom', path: ['expireAt'], message: CONTENT_MESSAGES.expireBeforeGoLive });
};
const versionField = () =>
  z.coerce.number({ error: CONTENT_MESSAGES.versionInvalid }).int(CONTENT_MESSAGES.versionInvalid).min(1, CONTENT_MESSAGES.versionInvalid);

/** One schema object per type (the route and the contract's list of calls name the same one). */
const perType = <T>(make: (type: ContentType) => T) => {
  const made = new Map<ContentType, T>();
  return (type: ContentType): T => {
    if (!made.has(type)) made.set(type, make(type));
    return made.get(type)!;
  };
};
/** Create: the data and the time window. */
export const createContentBodySchema = perType((type) =>
  z.object({ data: contentDataSchema(type), ...timeWindow }).superRefine(expireAfterGoLive),
);
/** Save a new version: `version` is the version the editor started from (another newer one: 409). */
export const saveContentBodySchema = perType((type) =>
  z.object({ data: contentDataSchema(type), ...timeWindow, version: versionField() }).superRefine(expireAfterGoLive),
);
export type SaveContentBody = { data: ContentData; goLiveAt: string | null; expireAt: string | null; version: number };
export type CreateContentBody = Omit<SaveContentBody, 'version'>;

export const ContentParamsSchema = z.object({ id: rowId('内容 id 必须是正整数') });
export const ContentVersionParamsSchema = ContentParamsSchema.extend({ version: rowId(CONTENT_MESSAGES.versionInvalid) });

const statusFilter = z.preprocess(
  (v: ContentStatus | '' | null | undefined) => (isUnset(v) ? undefined : v),
  z.enum(CONTENT_STATUSES, { error: '状态不正确' }).optional(),
);
export const ContentListQuerySchema = PageQuerySchema.extend({
  title: z.preprocess(
    (v: string | null | undefined) => (isUnset(v) || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    inputString().trim().max(100, tooLongMessage(100)).optional(),
  ),
  status: statusFilter,
  columnId: z.preprocess(
    (v: number | string | null | undefined) => (isUnset(v) ? undefined : v),
    rowId(CONTENT_MESSAGES.columnInvalid).optional(),
  ),
  /** Layout slots: one page per slot kind. */
  slotKind: z.preprocess(
    (v: SlotKind | '' | null | undefined) => (isUnset(v) ? undefined : v),
    z.enum(SLOT_KIND_NAMES as [SlotKind, ...SlotKind[]], { error: CONTENT_MESSAGES.slotKindInvalid }).optional(),
  ),
});
export type ContentListQuery = z.input<typeof ContentListQuerySchema>;

export const ContentRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  title: z.string(),
  columnId: z.number().int().nullable(),
  columnName: z.string().nullable(),
  slotKind: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
  reviewState: z.enum(REVIEW_STATES),
  sortOrder: z.number().int(),
  goLiveAt: z.string().nullable(),
  expireAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  version: z.number().int(),
  liveVersion: z.number().int().nullable(),
  changeUserName: z.string(),
  updateTime: z.string(),
  /** The draft's values of the type's list fields (inList), for the list columns. */
  listData: z.record(z.string(), z.unknown()),
});
export type ContentRow = z.infer<typeof ContentRowSchema>;

export const ContentItemSchema = ContentRowSchema.omit({ listData: true }).extend({
  /** The working copy (the latest version). */
  draft: z.record(z.string(), z.unknown()),
  /** What the public site shows (null: never published). */
  live: z.record(z.string(), z.unknown()).nullable(),
  rejectReason: z.string(),
  /** The version under review (pending) or last submitted; the approver's diff compares it with the live copy. */
  submittedVersion: z.number().int().nullable(),
  /** The approval process of the latest submission (its timeline), or null. */
  processInstanceId: z.number().int().nullable(),
  /** Names of the columns the draft and live copies refer to, by id. */
  columns: z.record(z.string(), z.string()),
  /** The media files the draft and live copies refer to. */
  media: z.array(MediaSummarySchema),
  createUserName: z.string(),
  createTime: z.string(),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

export const ContentVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  userName: z.string(),
  time: z.string(),
  /** What changed against the version before: the field keys, and a note (restored from v3, submitted …). */
  changedFields: z.array(z.string()),
  note: z.string(),
  /** This version is the live copy. */
  live: z.boolean(),
});
export type ContentVersion = z.infer<typeof ContentVersionSchema>;

/** `from` and `to` name a version, or `live` for the published copy. */
const diffSide = z.union([z.literal('live'), rowId(CONTENT_MESSAGES.versionInvalid)]);
export const ContentDiffQuerySchema = z.object({ from: diffSide, to: diffSide });
export const ContentDiffSchema = z.object({
  from: z.union([z.literal('live'), z.number().int()]),
  to: z.union([z.literal('live'), z.number().int()]),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      changed: z.boolean(),
      /** The value as text on each side (rich text as its plain text; media and columns by name). */
      before: z.string(),
      after: z.string(),
    }),
  ),
});
export type ContentDiff = z.infer<typeof ContentDiffSchema>;

export const BatchContentBodySchema = z.object({
  /** publish: submit each for approval; withdraw: take each down. */
  action: z.enum(['publish', 'withdraw'], { error: "action 只能是 'publish' 或 'withdraw'" }),
  ids: z
    .array(rowId('内容 id 必须是正整数'), { error: CONTENT_MESSAGES.batchEmpty })
    .min(1, CONTENT_MESSAGES.batchEmpty)
    .max(CONTENT_BATCH_MAX, CONTENT_MESSAGES.batchTooMany),
});
export const BatchContentResultSchema = z.object({
  done: z.array(z.number().int()),
  /** The items it could not act on and why. */
  refused: z.array(z.object({ id: z.number().int(), message: z.string() })),
});
/** A new order of a sortable type's items (of one slot kind, for slots): their ids, first first. */
export const ReorderContentBodySchema = z.object({
  ids: z
    .array(rowId('内容 id 必须是正整数'), { error: CONTENT_MESSAGES.batchEmpty })
    .min(1, CONTENT_MESSAGES.batchEmpty)
    .max(CONTENT_BATCH_MAX, CONTENT_MESSAGES.batchTooMany),
});
export const SubmitContentBodySchema = z.object({ version: versionField() });
export const WithdrawContentBodySchema = z.object({ reason: optionalTextOrEmpty(200) });
export const PreviewLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** The editor's autosave: the form's values as the type's data (any JSON object up to CONTENT_AUTOSAVE_MAX_CHARS
 * characters — a half-filled form is not validated), its time window, and for an item the version the form started
 * from. */
const autosaveData = z
  .unknown()
  .refine((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { error: CONTENT_MESSAGES.autosaveRequired, abort: true })
  .refine((v) => JSON.stringify(v).length <= CONTENT_AUTOSAVE_MAX_CHARS, { error: CONTENT_MESSAGES.autosaveTooLarge, abort: true })
  // PostgreSQL's jsonb cannot hold NUL (JSON writes it as \u0000): a 400 here, not a database error.
  .refine((v) => !JSON.stringify(v).includes('\\u0000'), NUL_MESSAGE);
/** A new item's autosave (the add form). */
export const SaveNewContentAutosaveBodySchema = z.object({ data: autosaveData, ...timeWindow });
/** An item's autosave (the edit form): `baseVersion` is the version the form started from. */
export const SaveContentAutosaveBodySchema = SaveNewContentAutosaveBodySchema.extend({ baseVersion: versionField() });
export type SaveContentAutosaveBody = { data: ContentData; goLiveAt: string | null; expireAt: string | null; baseVersion?: number };

export const ContentAutosaveSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  goLiveAt: z.string().nullable(),
  expireAt: z.string().nullable(),
  /** The item version the form started from (null: a new item). */
  baseVersion: z.number().int().nullable(),
  userName: z.string(),
  savedTime: z.string(),
});
export type ContentAutosave = z.infer<typeof ContentAutosaveSchema>;

/** How many content items of one type (not deleted) use one column: by their draft or live copy's column, or,
 * for layout slots, by naming it among their columns. An item counts once per column however many ways it uses it. */
export const ColumnUsageSchema = z.object({
  columnId: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  count: z.number().int(),
});
export type ColumnUsage = z.infer<typeof ColumnUsageSchema>;
/** The answer of portalPaths(site).usage: every (column, type) of the site's tree with at least one item; a column or type not listed has none. */
export const ColumnUsageReplySchema = envelope(z.array(ColumnUsageSchema));

export const ContentPageReplySchema = envelope(pageOf(ContentRowSchema));
export const ContentItemReplySchema = envelope(ContentItemSchema);
export const ContentVersionsReplySchema = envelope(z.array(ContentVersionSchema));
export const ContentVersionDataReplySchema = envelope(z.object({ version: z.number().int(), data: z.record(z.string(), z.unknown()) }));
export const ContentDiffReplySchema = envelope(ContentDiffSchema);
export const BatchContentReplySchema = envelope(BatchContentResultSchema);
export const PreviewLinkReplySchema = envelope(PreviewLinkSchema);
export const DeletedContentReplySchema = envelope(z.object({ id: z.number().int() }));
/** The caller's autosave, or null when there is none. */
export const ContentAutosaveReplySchema = envelope(ContentAutosaveSchema.nullable());

/** The admin calls of one content type of one site. */
export const contentPaths = <S extends PortalSite, T extends ContentType>(site: S, type: T) => {
  const base = `/api/portal/${site}/content/${type}` as const;
  return {
    items: base,
    item: `${base}/:id`,
    submit: `${base}/:id/submit`,
    withdraw: `${base}/:id/withdraw`,
    /** Announcements: a new draft copying a withdrawn or published one. */
    reissue: `${base}/:id/reissue`,
    versions: `${base}/:id/versions`,
    version: `${base}/:id/versions/:version`,
    restore: `${base}/:id/versions/:version/restore`,
    diff: `${base}/:id/diff`,
    preview: `${base}/:id/preview`,
    batch: `${base}/batch`,
    order: `${base}/order`,
    /** The caller's autosave of an item's edit form, and of the type's add form. */
    autosave: `${base}/:id/autosave`,
    newAutosave: `${base}/autosave`,
  } as const;
};
