// The portal content of the two sites (issue 12): today the column (栏目) tree of each site. Each site's content
// belongs to the enterprise of the staff who edit it (the operating enterprise of the group, in the demo); reading
// needs `<site>:read`, changing the tree `<site>:admin` (docs/requirements.md, P19).
import { z } from 'zod';
import { envelope } from './envelope.js';
import { NUL_MESSAGE, inputString, optionalTextOrEmpty, requiredText, requiredValue, rowId, withFieldMeta } from './fields.js';
import type { Permission } from './permissions.js';

export const PORTAL_SITES = ['portalWebsite', 'portalWebsites'] as const;
export type PortalSite = (typeof PORTAL_SITES)[number];

/** list: a column of content items; page: a single picture-text page; link: goes elsewhere; topic: a special column. */
export const COLUMN_KINDS = ['list', 'page', 'link', 'topic'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** Root columns are at depth 1; no column is deeper than this. */
export const COLUMN_MAX_DEPTH = 4;
/** The most columns one site's tree holds (a whole-tree save above it is refused). */
export const COLUMN_MAX_COUNT = 500;
/** Lower-case letters, digits and single hyphens between them. */
export const COLUMN_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** http(s) URLs, or a path relative to the site (not `//host`, which leaves it). */
export const COLUMN_LINK_PATTERN = /^(?:https?:\/\/[^\s/?#]+\S*|\/(?!\/)\S*|(?![a-z][a-z0-9+.-]*:)[^\s/]\S*)$/i;
export const COLUMN_SORT_MAX = 9999;

export const PORTAL_MESSAGES = {
  nameRequired: '请输入栏目名称',
  slugRequired: '请输入栏目别名',
  slugInvalid: '栏目别名只能包含小写字母、数字和连字符',
  kindRequired: '请选择栏目类型',
  kindInvalid: '栏目类型只能是列表、单页、链接或专题',
  linkRequired: '链接栏目请输入链接地址',
  linkInvalid: '链接地址只能是 http、https 或站内相对路径',
  sortInvalid: `排序必须是 0 到 ${COLUMN_SORT_MAX} 的整数`,
  positionInvalid: '位置必须是非负整数',
  visibleInvalid: '是否显示只能是 true 或 false',
  parentInvalid: '上级栏目 id 必须是正整数',
  slugTaken: (slug: string) => `同级栏目中已有别名「${slug}」`,
  tooDeep: `栏目层级不能超过 ${COLUMN_MAX_DEPTH} 级`,
  cycle: '不能把栏目移动到它自己或它的下级栏目之下',
  parentMissing: '上级栏目不存在',
  staleTree: '栏目树已被他人修改，请刷新后重试',
  staleColumn: '该栏目已被他人修改，请刷新后重试',
  inUse: (name: string, uses: readonly string[]) => `栏目「${name}」仍被使用，不能删除：${uses.join('；')}`,
  childColumns: (names: readonly string[]) => `下级栏目 ${names.map((n) => `「${n}」`).join('、')}`,
  keyRequired: '请为每个栏目提供 key',
  keyDuplicate: (key: string) => `栏目 key「${key}」重复`,
  idDuplicate: (id: number) => `栏目 id ${id} 重复`,
  parentKeyMissing: (key: string) => `上级栏目 key「${key}」不存在`,
  unknownColumn: (id: number) => `栏目 id ${id} 不存在`,
  tooMany: `一个站点最多 ${COLUMN_MAX_COUNT} 个栏目`,
  draftRequired: '请提供草稿内容',
} as const;

const L = 'portal.column';

const columnKind = () =>
  requiredValue(z.enum(COLUMN_KINDS, { error: PORTAL_MESSAGES.kindInvalid }), PORTAL_MESSAGES.kindRequired, { label: `${L}.kind` });

/** An int from a number or its text (a form's number box). */
const intField = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** The fields a column form edits (create and update). */
export const COLUMN_FIELDS = {
  name: requiredText(PORTAL_MESSAGES.nameRequired, 50, { label: `${L}.name` }),
  slug: requiredText(PORTAL_MESSAGES.slugRequired, 60, {
    label: `${L}.slug`,
    pattern: COLUMN_SLUG_PATTERN,
    patternMessage: PORTAL_MESSAGES.slugInvalid,
  }),
  kind: columnKind(),
  /** Required for kind link (checked on the whole column). */
  linkUrl: withFieldMeta(
    optionalTextOrEmpty(500, { label: `${L}.linkUrl` }).refine((s) => s === '' || COLUMN_LINK_PATTERN.test(s), PORTAL_MESSAGES.linkInvalid),
    {
      pattern: COLUMN_LINK_PATTERN,
      patternMessage: PORTAL_MESSAGES.linkInvalid,
    },
  ),
  /** The place among its siblings (smaller first). Unset: a new column goes last, an edited one keeps its place. */
  sortOrder: withFieldMeta(
    z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? undefined : v),
      intField(PORTAL_MESSAGES.sortInvalid, 0, COLUMN_SORT_MAX).optional(),
    ),
    { label: `${L}.sortOrder` },
  ),
  visible: withFieldMeta(
    z.preprocess((v) => (v === undefined || v === null ? true : v), z.boolean({ error: PORTAL_MESSAGES.visibleInvalid })),
    { label: `${L}.visible` },
  ),
  seoTitle: optionalTextOrEmpty(100, { label: `${L}.seoTitle` }),
  seoKeywords: optionalTextOrEmpty(200, { label: `${L}.seoKeywords` }),
  seoDescription: optionalTextOrEmpty(500, { label: `${L}.seoDescription` }),
};

/** A link column needs its URL. */
const linkNeedsUrl = (c: { kind: ColumnKind; linkUrl: string }, ctx: z.RefinementCtx) => {
  if (c.kind === 'link' && c.linkUrl === '') ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: PORTAL_MESSAGES.linkRequired });
};

const ColumnFieldsSchema = z.object(COLUMN_FIELDS);
export type ColumnFields = z.infer<typeof ColumnFieldsSchema>;

const parentIdField = () => z.preprocess((v) => (v === undefined || v === '' ? null : v), rowId(PORTAL_MESSAGES.parentInvalid).nullable());

export const CreateColumnBodySchema = ColumnFieldsSchema.extend({ parentId: parentIdField() }).superRefine(linkNeedsUrl);
export type CreateColumnBody = z.infer<typeof CreateColumnBodySchema>;

const versionOf = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message);
const VERSION_MESSAGE = '版本号必须是正整数';

export const UpdateColumnBodySchema = ColumnFieldsSchema.extend({ version: versionOf(VERSION_MESSAGE) }).superRefine(linkNeedsUrl);
export type UpdateColumnBody = z.infer<typeof UpdateColumnBodySchema>;

/** Moves a column under `parentId` (null: to the top level) at `position` among its new siblings (0 first). */
export const MoveColumnBodySchema = z.object({
  parentId: parentIdField(),
  position: z.coerce
    .number({ error: PORTAL_MESSAGES.positionInvalid })
    .int(PORTAL_MESSAGES.positionInvalid)
    .min(0, PORTAL_MESSAGES.positionInvalid),
  version: versionOf(VERSION_MESSAGE),
});
export type MoveColumnBody = z.infer<typeof MoveColumnBodySchema>;

export const ColumnParamsSchema = z.object({ id: rowId('栏目 id 必须是正整数') });

export const ColumnSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  kind: z.enum(COLUMN_KINDS),
  linkUrl: z.string(),
  sortOrder: z.number().int(),
  visible: z.boolean(),
  seoTitle: z.string(),
  seoKeywords: z.string(),
  seoDescription: z.string(),
  version: z.number().int(),
  createUserName: z.string(),
  changeUserName: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Column = z.infer<typeof ColumnSchema>;

/** A site's tree: every column, parents before children and siblings in order, and the tree's version (each change
 * to any column raises it; a whole-tree save names the version it started from). */
export const ColumnTreeSchema = z.object({ version: z.number().int(), columns: z.array(ColumnSchema) });
export type ColumnTree = z.infer<typeof ColumnTreeSchema>;

/** One node of a whole-tree save: `id` for a column that exists (absent: a new one), `key` names it within the
 * save, `parentKey` its parent's key (null: top level); siblings are ordered as listed. A listed column missing
 * from the save is deleted. */
export const TreeNodeSchema = ColumnFieldsSchema.extend({
  id: z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), rowId('栏目 id 必须是正整数').optional()),
  key: inputString({ error: PORTAL_MESSAGES.keyRequired }).min(1, PORTAL_MESSAGES.keyRequired).max(64),
  parentKey: z.preprocess((v) => (v === undefined || v === '' ? null : v), inputString().max(64).nullable()),
}).superRefine(linkNeedsUrl);
export type TreeNode = z.infer<typeof TreeNodeSchema>;

export const SaveColumnTreeBodySchema = z.object({
  baseVersion: z.coerce.number({ error: '基础版本号必须是非负整数' }).int('基础版本号必须是非负整数').min(0, '基础版本号必须是非负整数'),
  columns: z.array(TreeNodeSchema, { error: '请提供栏目列表' }).max(COLUMN_MAX_COUNT, PORTAL_MESSAGES.tooMany),
});
export type SaveColumnTreeBody = z.infer<typeof SaveColumnTreeBodySchema>;

/** The mind-map editor's autosave: the tree as it edits it (any JSON up to this many characters), and the tree
 * version it started from. */
export const COLUMN_DRAFT_MAX_CHARS = 256 * 1024;
export const SaveColumnDraftBodySchema = z.object({
  baseVersion: z.coerce.number({ error: '基础版本号必须是非负整数' }).int('基础版本号必须是非负整数').min(0, '基础版本号必须是非负整数'),
  tree: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, { error: PORTAL_MESSAGES.draftRequired, abort: true })
    .refine((v) => (JSON.stringify(v) ?? '').length <= COLUMN_DRAFT_MAX_CHARS, {
      error: `草稿不能超过 ${COLUMN_DRAFT_MAX_CHARS} 个字符`,
      abort: true,
    })
    // PostgreSQL's jsonb cannot hold NUL (JSON writes it as \u0000): a 400 here, not a database error.
    .refine((v) => !(JSON.stringify(v) ?? '').includes('\\u0000'), NUL_MESSAGE),
});
export type SaveColumnDraftBody = z.infer<typeof SaveColumnDraftBodySchema>;

export const ColumnDraftSchema = z.object({
  tree: z.unknown(),
  baseVersion: z.number().int(),
  userId: z.string(),
  userName: z.string(),
  savedTime: z.string(),
});
export type ColumnDraft = z.infer<typeof ColumnDraftSchema>;

export const ColumnReplySchema = envelope(ColumnSchema);
export const ColumnTreeReplySchema = envelope(ColumnTreeSchema);
/** The site's draft, or null when there is none. */
export const ColumnDraftReplySchema = envelope(ColumnDraftSchema.nullable());
export const DeletedColumnReplySchema = envelope(z.object({ id: z.number().int() }));

/** The calls of one site (the site is part of the path, so each route declares that site's permission). */
export const portalPaths = <S extends PortalSite>(site: S) =>
  ({
    columns: `/api/portal/${site}/columns`,
    column: `/api/portal/${site}/columns/:id`,
    move: `/api/portal/${site}/columns/:id/move`,
    draft: `/api/portal/${site}/columns/draft`,
    usage: `/api/portal/${site}/columns/usage`,
  }) as const;

/** Reading a site's content, and administering its structure (the column tree). */
export const portalAccess = (site: PortalSite) =>
  ({ read: `${site}:read`, admin: `${site}:admin` }) as const satisfies Record<string, Permission>;
