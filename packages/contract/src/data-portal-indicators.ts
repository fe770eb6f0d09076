// The indicator system of the data portal (issue 13, /portalWebsites/indexSystem): each enterprise's tree of
// indicators (code, name, definition, unit, frequency, aggregation, the dataset field it is computed from, owner,
// status), edited as a mind map or an outline like the portal's column tree and saved whole against the tree's
// version (a stale save is 409). Every change of an indicator records a version (who, when, the fields it changed);
// a version can be restored as the current state, which is itself a new version. The editor autosaves its working
// tree as a server-side draft. Reading needs `portalWebsites:read`, changing `portalWebsites:write`.
import { z } from 'zod';
import { BUILT_IN_DATASETS, MEASURE_UNITS, isBuiltInDatasetId } from './data-portal.js';
import { envelope } from './envelope.js';
import { NUL_MESSAGE, inputString, optionalTextOrEmpty, requiredText, requiredValue, rowId, withFieldMeta } from './fields.js';
import type { Permission } from './permissions.js';

export const INDICATOR_FREQUENCIES = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type IndicatorFrequency = (typeof INDICATOR_FREQUENCIES)[number];
export const INDICATOR_AGGREGATIONS = ['sum', 'avg', 'count', 'max', 'min', 'latest'] as const;
export type IndicatorAggregation = (typeof INDICATOR_AGGREGATIONS)[number];
export const INDICATOR_STATUSES = ['draft', 'active', 'retired'] as const;
export type IndicatorStatus = (typeof INDICATOR_STATUSES)[number];

/** A letter, then up to 39 letters, digits, `_`, `.` or `-`. */
export const INDICATOR_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/;
/** Root indicators are at depth 1; none is deeper than this. */
export const INDICATOR_MAX_DEPTH = 5;
/** The most indicators one enterprise's tree holds. */
export const INDICATOR_MAX_COUNT = 500;
export const INDICATOR_DRAFT_MAX_CHARS = 256 * 1024;

export const INDICATOR_MESSAGES = {
  codeRequired: '请输入指标编码',
  codeInvalid: '指标编码须以字母开头，只能包含字母、数字、下划线、点和连字符，最多 40 个字符',
  codeTaken: (code: string) => `指标编码「${code}」已被使用`,
  nameRequired: '请输入指标名称',
  unitRequired: '请选择计量单位',
  unitInvalid: '计量单位不存在',
  frequencyRequired: '请选择统计频度',
  frequencyInvalid: '统计频度只能是日、周、月、季或年',
  aggregationRequired: '请选择汇总方式',
  aggregationInvalid: '汇总方式只能是求和、平均、计数、最大、最小或最新值',
  statusRequired: '请选择指标状态',
  statusInvalid: '指标状态只能是草稿、启用或停用',
  datasetUnknown: '数据来源不存在',
  fieldRequired: '请选择数据来源的字段',
  fieldUnknown: '字段不是该数据来源的度量',
  datasetRequired: '请先选择数据来源',
  ownerUnknown: '负责人不是本企业的用户',
  keyRequired: '请为每个指标提供 key',
  keyDuplicate: (key: string) => `指标 key「${key}」重复`,
  idDuplicate: (id: number) => `指标 id ${id} 重复`,
  unknownIndicator: (id: number) => `指标 id ${id} 不存在`,
  parentKeyMissing: (key: string) => `上级指标 key「${key}」不存在`,
  cycle: '不能把指标移动到它自己或它的下级指标之下',
  tooDeep: `指标层级不能超过 ${INDICATOR_MAX_DEPTH} 级`,
  tooMany: `一个企业最多 ${INDICATOR_MAX_COUNT} 个指标`,
  staleTree: '指标体系已被他人修改，请刷新后重试',
  staleIndicator: '该指标已被他人修改，请刷新后重试',
  hasChildren: (name: string, children: readonly string[]) =>
    `指标「${name}」下还有下级指标 ${children.map((n) => `「${n}」`).join('、')}，不能删除`,
  draftRequired: '请提供草稿内容',
  unknownVersion: '指标版本不存在',
} as const;

const L = 'dataPortal.indicator';

const enumField = <T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string, label: string) =>
  requiredValue(z.enum(values, { error: invalid }), required, { label: `${L}.${label}` });

/** The fields of an indicator an editor changes (its place is the tree's). */
export const INDICATOR_FIELDS = {
  code: requiredText(INDICATOR_MESSAGES.codeRequired, 40, {
    label: `${L}.code`,
    pattern: INDICATOR_CODE_PATTERN,
    patternMessage: INDICATOR_MESSAGES.codeInvalid,
    tooLong: INDICATOR_MESSAGES.codeInvalid,
  }),
  name: requiredText(INDICATOR_MESSAGES.nameRequired, 50, { label: `${L}.name` }),
  /** 口径: how the figure is defined and computed, in words. */
  definition: optionalTextOrEmpty(1000, { label: `${L}.definition` }),
  unit: enumField(MEASURE_UNITS, INDICATOR_MESSAGES.unitRequired, INDICATOR_MESSAGES.unitInvalid, 'unit'),
  frequency: enumField(INDICATOR_FREQUENCIES, INDICATOR_MESSAGES.frequencyRequired, INDICATOR_MESSAGES.frequencyInvalid, 'frequency'),
  aggregation: enumField(
    INDICATOR_AGGREGATIONS,
    INDICATOR_MESSAGES.aggregationRequired,
    INDICATOR_MESSAGES.aggregationInvalid,
    'aggregation',
  ),
  /** The dataset the figure comes from ('' for a grouping indicator with no figure of its own). */
  datasetId: optionalTextOrEmpty(64, { label: `${L}.datasetId` }),
  /** The dataset's measure ('' exactly when datasetId is ''). */
  field: optionalTextOrEmpty(64, { label: `${L}.field` }),
  /** A user of the caller's enterprise, or null. */
  ownerId: withFieldMeta(
    z.preprocess((v) => (v === undefined || v === '' ? null : v), inputString().max(64).nullable()),
    { label: `${L}.owner` },
  ),
  status: enumField(INDICATOR_STATUSES, INDICATOR_MESSAGES.statusRequired, INDICATOR_MESSAGES.statusInvalid, 'status'),
};

/**
 * What is wrong with binding an indicator to `field` of the built-in dataset `datasetId`, or undefined when the
 * binding is fine (both empty: no binding). The server checks datasets the contract does not know (uploaded ones)
 * in its own module before calling this.
 */
export function builtInSourceProblem(datasetId: string, field: string): { field: 'datasetId' | 'field'; message: string } | undefined {
  if (datasetId === '') return field === '' ? undefined : { field: 'datasetId', message: INDICATOR_MESSAGES.datasetRequired };
  if (!isBuiltInDatasetId(datasetId)) return { field: 'datasetId', message: INDICATOR_MESSAGES.datasetUnknown };
  if (field === '') return { field: 'field', message: INDICATOR_MESSAGES.fieldRequired };
  if (!Object.hasOwn(BUILT_IN_DATASETS[datasetId].measures, field)) return { field: 'field', message: INDICATOR_MESSAGES.fieldUnknown };
  return undefined;
}

const IndicatorFieldsSchema = z.object(INDICATOR_FIELDS);
export type IndicatorFields = z.infer<typeof IndicatorFieldsSchema>;
/** The names of the fields a version's diff can name (the indicator's fields and its parent). */
export const INDICATOR_FIELD_NAMES = [...(Object.keys(INDICATOR_FIELDS) as (keyof IndicatorFields)[]), 'parentId'] as const;
export type IndicatorFieldName = (typeof INDICATOR_FIELD_NAMES)[number];

/** The built-in source of the fields, as both sides check them once the fields themselves parse. */
const sourceChecked = (f: { datasetId: string; field: string }, ctx: z.RefinementCtx) => {
  // A dataset the contract does not know may be an uploaded one: the server decides about those.
  if (f.datasetId.startsWith('upload-')) return;
  const problem = builtInSourceProblem(f.datasetId, f.field);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
};

export const IndicatorValuesSchema = IndicatorFieldsSchema.superRefine(sourceChecked);

export const IndicatorSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  sortOrder: z.number().int(),
  code: z.string(),
  name: z.string(),
  definition: z.string(),
  unit: z.enum(MEASURE_UNITS),
  frequency: z.enum(INDICATOR_FREQUENCIES),
  aggregation: z.enum(INDICATOR_AGGREGATIONS),
  datasetId: z.string(),
  field: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  status: z.enum(INDICATOR_STATUSES),
  version: z.number().int(),
  changeUserName: z.string(),
  updateTime: z.string(),
});
export type Indicator = z.infer<typeof IndicatorSchema>;

/** The enterprise's tree: every indicator, parents before children and siblings in order, and the tree's version
 * (each change raises it; a whole-tree save names the version it started from). */
export const IndicatorTreeSchema = z.object({ version: z.number().int(), indicators: z.array(IndicatorSchema) });
export type IndicatorTree = z.infer<typeof IndicatorTreeSchema>;

/** One node of a whole-tree save: `id` for an indicator that exists (absent: a new one), `key` names it within the
 * save, `parentKey` its parent's key (null: top level); siblings are ordered as listed. A listed indicator missing
 * from the save is deleted (with its versions). */
export const IndicatorNodeSchema = IndicatorFieldsSchema.extend({
  id: z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), rowId('指标 id 必须是正整数').optional()),
  key: inputString({ error: INDICATOR_MESSAGES.keyRequired }).min(1, INDICATOR_MESSAGES.keyRequired).max(64),
  parentKey: z.preprocess((v) => (v === undefined || v === '' ? null : v), inputString().max(64).nullable()),
}).superRefine(sourceChecked);
export type IndicatorNode = z.infer<typeof IndicatorNodeSchema>;

/** An indicator as a node of a whole-tree save (keyed by `keyOf` its id, its parent by its parent's), so a save can
 * start from the tree as read. */
export const indicatorNodeOf = (i: Indicator, keyOf: (id: number) => string = String): IndicatorNode => ({
  id: i.id,
  key: keyOf(i.id),
  parentKey: i.parentId === null ? null : keyOf(i.parentId),
  code: i.code,
  name: i.name,
  definition: i.definition,
  unit: i.unit,
  frequency: i.frequency,
  aggregation: i.aggregation,
  datasetId: i.datasetId,
  field: i.field,
  ownerId: i.ownerId,
  status: i.status,
});

const baseVersion = () =>
  z.coerce.number({ error: '基础版本号必须是非负整数' }).int('基础版本号必须是非负整数').min(0, '基础版本号必须是非负整数');

export const SaveIndicatorTreeBodySchema = z.object({
  baseVersion: baseVersion(),
  indicators: z.array(IndicatorNodeSchema, { error: '请提供指标列表' }).max(INDICATOR_MAX_COUNT, INDICATOR_MESSAGES.tooMany),
});
export type SaveIndicatorTreeBody = z.infer<typeof SaveIndicatorTreeBodySchema>;

/** The shape rules of a tree (as saved or as edited): keys unique, parents present, no cycles, depth at most
 * INDICATOR_MAX_DEPTH, codes unique. The first node at fault: its index, the node field and the message. */
export type IndicatorTreeProblem = { index: number; field: 'key' | 'parentKey' | 'code'; message: string };

export function indicatorTreeProblem(
  nodes: readonly { key: string; parentKey: string | null; code: string }[],
): IndicatorTreeProblem | undefined {
  const byKey = new Map<string, { key: string; parentKey: string | null }>();
  for (const [index, n] of nodes.entries()) {
    if (byKey.has(n.key)) return { index, field: 'key', message: INDICATOR_MESSAGES.keyDuplicate(n.key) };
    byKey.set(n.key, n);
  }
  for (const [index, n] of nodes.entries()) {
    if (n.parentKey !== null && !byKey.has(n.parentKey)) {
      return { index, field: 'parentKey', message: INDICATOR_MESSAGES.parentKeyMissing(n.parentKey) };
    }
  }
  for (const [index, n] of nodes.entries()) {
    let depth = 1;
    for (let p = n.parentKey; p !== null; p = byKey.get(p)!.parentKey) {
      if (p === n.key || depth > nodes.length) return { index, field: 'parentKey', message: INDICATOR_MESSAGES.cycle };
      depth += 1;
    }
    if (depth > INDICATOR_MAX_DEPTH) return { index, field: 'parentKey', message: INDICATOR_MESSAGES.tooDeep };
  }
  const codes = new Set<string>();
  for (const [index, n] of nodes.entries()) {
    const code = n.code.trim().toLowerCase();
    if (codes.has(code)) return { index, field: 'code', message: INDICATOR_MESSAGES.codeTaken(n.code.trim()) };
    codes.add(code);
  }
  return undefined;
}

// ---- Versions ----

export const INDICATOR_VERSION_ACTIONS = ['create', 'update', 'restore'] as const;
export type IndicatorVersionAction = (typeof INDICATOR_VERSION_ACTIONS)[number];

const diffValue = z.union([z.string(), z.number(), z.null()]);
export const IndicatorChangeSchema = z.object({ field: z.enum(INDICATOR_FIELD_NAMES), before: diffValue, after: diffValue });
export type IndicatorChange = z.infer<typeof IndicatorChangeSchema>;

/** An indicator's state as a version records it: its fields and its parent. */
export type IndicatorSnapshot = IndicatorFields & { parentId: number | null };

/** The fields that differ from `before` to `after` (every field for a new indicator, `before` null), in a fixed
 * order: what a version records as its changes. */
export function indicatorDiff(before: IndicatorSnapshot | null, after: IndicatorSnapshot): IndicatorChange[] {
  return INDICATOR_FIELD_NAMES.flatMap((field) => {
    const a = after[field];
    const b = before === null ? null : before[field];
    return before !== null && a === b ? [] : [{ field, before: b, after: a }];
  });
}

export const IndicatorVersionSchema = z.object({
  version: z.number().int(),
  action: z.enum(INDICATOR_VERSION_ACTIONS),
  /** The version restored, for a restore. */
  restoredFrom: z.number().int().nullable(),
  changes: z.array(IndicatorChangeSchema),
  /** The indicator's fields as this version left them. */
  snapshot: IndicatorFieldsSchema.extend({ parentId: z.number().int().nullable() }),
  userName: z.string(),
  time: z.string(),
});
export type IndicatorVersion = z.infer<typeof IndicatorVersionSchema>;

export const IndicatorParamsSchema = z.object({ id: rowId('指标 id 必须是正整数') });
export const IndicatorVersionParamsSchema = z.object({
  id: rowId('指标 id 必须是正整数'),
  version: rowId('版本号必须是正整数'),
});
/** Restoring names the indicator's current version (the one the editor shows): 409 when it has moved on. */
export const RestoreIndicatorBodySchema = z.object({
  version: z.coerce.number({ error: '版本号必须是正整数' }).int('版本号必须是正整数').min(1, '版本号必须是正整数'),
});
export type RestoreIndicatorBody = z.infer<typeof RestoreIndicatorBodySchema>;

// ---- The editor's draft ----

export const SaveIndicatorDraftBodySchema = z.object({
  baseVersion: baseVersion(),
  tree: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, { error: INDICATOR_MESSAGES.draftRequired, abort: true })
    .refine((v) => (JSON.stringify(v) ?? '').length <= INDICATOR_DRAFT_MAX_CHARS, {
      error: `草稿不能超过 ${INDICATOR_DRAFT_MAX_CHARS} 个字符`,
      abort: true,
    })
    // PostgreSQL's jsonb cannot hold NUL (JSON writes it as \u0000): a 400 here, not a database error.
    .refine((v) => !(JSON.stringify(v) ?? '').includes('\\u0000'), NUL_MESSAGE),
});
export type SaveIndicatorDraftBody = z.infer<typeof SaveIndicatorDraftBodySchema>;

export const IndicatorDraftSchema = z.object({
  tree: z.unknown(),
  baseVersion: z.number().int(),
  userId: z.string(),
  userName: z.string(),
  savedTime: z.string(),
});
export type IndicatorDraft = z.infer<typeof IndicatorDraftSchema>;

/** The users of the caller's enterprise an indicator can name as its owner. */
export const IndicatorOwnerSchema = z.object({ id: z.string(), name: z.string() });
export type IndicatorOwner = z.infer<typeof IndicatorOwnerSchema>;

export const IndicatorTreeReplySchema = envelope(IndicatorTreeSchema);
export const IndicatorReplySchema = envelope(IndicatorSchema);
export const IndicatorVersionsReplySchema = envelope(z.array(IndicatorVersionSchema));
export const IndicatorDraftReplySchema = envelope(IndicatorDraftSchema.nullable());
export const IndicatorOwnersReplySchema = envelope(z.array(IndicatorOwnerSchema));

export const INDICATOR_PATHS = {
  tree: '/api/data-portal/indicators',
  draft: '/api/data-portal/indicators/draft',
  owners: '/api/data-portal/indicators/owners',
  versions: '/api/data-portal/indicators/:id/versions',
  restore: '/api/data-portal/indicators/:id/versions/:version/restore',
} as const;

export const INDICATOR_ACCESS = { read: 'portalWebsites:read', write: 'portalWebsites:write' } as const satisfies Record<
  string,
  Permission
>;
