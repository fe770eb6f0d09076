// System settings (issue 14, spec 6 and 7.5): the users of the admin's enterprise and their roles, the roles of the
// permission table, the enterprise's stored menu list, the platform's dictionaries and the enterprise's number rules.
// Every call needs `system:admin`.
import { z } from 'zod';
import { envelope, PageQuerySchema, pageOf } from './envelope.js';
import { inputString, optionalText, requiredText } from './fields.js';
import { versionField } from './audit.js';
import { ROLES, type Role } from './permissions.js';
import { TOP_MENU_KEYS } from './menus.js';
import { CONTRACT_TYPE_SUFFIXES } from './constants.js';

export const SYSTEM_PATHS = {
  users: '/api/system/users',
  userRoles: '/api/system/users/:userId/roles',
  roles: '/api/system/roles',
  menus: '/api/system/menus',
  dictGroups: '/api/system/dict-groups',
  dictEntries: '/api/system/dict-groups/:group/entries',
  dictEntry: '/api/system/dict-groups/:group/entries/:dictKey',
  numberRules: '/api/system/number-rules',
  numberRule: '/api/system/number-rules/:numberKey',
} as const;

export const SYSTEM_MESSAGES = {
  rolesRequired: '请至少选择一个角色',
  unknownRole: '未知角色',
  ownAdmin: '不能取消自己的系统管理员角色',
  lastAdmin: '企业至少需要保留一名系统管理员',
  internalRoles: '平台内部运营用户只能持有内部运营与门户角色',
  groupRoles: '集团用户只能持有集团用户角色',
  internalOnly: '平台内部运营角色只能授予内部用户',
  groupOnly: '集团用户角色只能授予集团用户',
  menuUnknown: '未知菜单',
  groupNameRequired: '请输入字典组编码',
  groupNamePattern: '字典组编码只能包含字母、数字和下划线',
  groupLabelRequired: '请输入字典组名称',
  groupExists: '字典组已存在',
  dictKeyRequired: '请输入字典键',
  dictKeyPattern: '字典键只能包含字母、数字、下划线和短横线',
  dictValueRequired: '请输入字典值',
  dictKeyExists: '字典键已存在',
  prefixRequired: '请输入前缀',
  prefixPattern: '前缀只能包含大写字母和数字',
  prefixTaken: '前缀与其他编号规则的编码相同',
  widthRange: '流水号位数应在 3 到 10 之间',
  datePartTooCoarse: '日期部分须包含重置周期：按日重置需精确到日，按月重置需精确到月，按年重置需包含年份',
  unknownNumberKey: '未知的编号规则',
} as const;

// ---- Users and roles ----

/** Roles a platform-internal user may hold (their menus stay dashboard and statistics whatever they hold). */
export const INTERNAL_USER_ROLES: readonly Role[] = [
  'internal',
  'portal_website_admin',
  'portal_websites_admin',
  'portal_website_editor',
  'portal_websites_editor',
];
/** Roles a group user may hold (their menu stays the dashboard). */
export const GROUP_USER_ROLES: readonly Role[] = ['group'];

export const SystemUserSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  name: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  phone: z.string(),
  roles: z.array(z.string()),
  isInternal: z.boolean(),
  isGroup: z.boolean(),
  isActive: z.boolean(),
  /** Optimistic-locking version of the user's roles. */
  version: z.number().int(),
});
export type SystemUser = z.infer<typeof SystemUserSchema>;

export const SystemUsersQuerySchema = PageQuerySchema.extend({ search: optionalText(50) });
export const SystemUserPageReplySchema = envelope(pageOf(SystemUserSchema));
export const SystemUserReplySchema = envelope(SystemUserSchema);
export const UserIdParamsSchema = z.object({ userId: inputString().min(1).max(64) });

export const AssignRolesBodySchema = z.object({
  roles: z
    .array(
      inputString({ error: SYSTEM_MESSAGES.unknownRole }).refine(
        (r) => (ROLES as readonly string[]).includes(r),
        SYSTEM_MESSAGES.unknownRole,
      ),
      {
        error: SYSTEM_MESSAGES.rolesRequired,
      },
    )
    .min(1, SYSTEM_MESSAGES.rolesRequired)
    .max(ROLES.length),
  version: versionField(),
});
export type AssignRolesBody = z.infer<typeof AssignRolesBodySchema>;

export const RoleUserSchema = z.object({ userId: z.string(), name: z.string() });
export const SystemRoleSchema = z.object({
  role: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** The users of the caller's enterprise holding the role. */
  users: z.array(RoleUserSchema),
});
export type SystemRole = z.infer<typeof SystemRoleSchema>;
export const SystemRolesReplySchema = envelope(z.array(SystemRoleSchema));

// ---- Menus ----

const MenuKeySchema = z.enum(TOP_MENU_KEYS, { error: SYSTEM_MESSAGES.menuUnknown });

export const EnterpriseMenuSchema = z.object({
  menuName: z.string(),
  path: z.string(),
  /** 1 = shown, 0 = hidden (spec section 6): the stored value, or the spec's default when not stored. */
  isHidden: z.union([z.literal(0), z.literal(1)]),
  /** Whether the enterprise's list names the menu (false: the spec's default applies). */
  stored: z.boolean(),
  /** What the spec's default is for the menu. */
  defaultShown: z.boolean(),
});
export type EnterpriseMenu = z.infer<typeof EnterpriseMenuSchema>;
export const EnterpriseMenusReplySchema = envelope(z.array(EnterpriseMenuSchema));

export const SaveMenusBodySchema = z.object({
  /** The whole stored list; menus it leaves out fall back to the spec's defaults. */
  menus: z
    .array(z.object({ menuName: MenuKeySchema, isHidden: z.union([z.literal(0), z.literal(1)], { error: '只能是 0 或 1' }) }))
    .max(TOP_MENU_KEYS.length)
    .refine((list) => new Set(list.map((m) => m.menuName)).size === list.length, '菜单重复'),
});
export type SaveMenusBody = z.infer<typeof SaveMenusBodySchema>;

// ---- Dictionaries (platform-wide) ----

export const DictGroupSchema = z.object({ name: z.string(), label: z.string(), entryCount: z.number().int() });
export type DictGroup = z.infer<typeof DictGroupSchema>;
export const DictGroupsReplySchema = envelope(z.array(DictGroupSchema));
export const CreateDictGroupBodySchema = z.object({
  name: requiredText(SYSTEM_MESSAGES.groupNameRequired, 100, {
    pattern: /^[A-Za-z][A-Za-z0-9_]*$/,
    patternMessage: SYSTEM_MESSAGES.groupNamePattern,
  }),
  label: requiredText(SYSTEM_MESSAGES.groupLabelRequired, 50),
});
export type CreateDictGroupBody = z.infer<typeof CreateDictGroupBodySchema>;
export const DictGroupReplySchema = envelope(DictGroupSchema);

export const DictEntryRowSchema = z.object({
  dictKey: z.string(),
  dictValueName: z.string(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type DictEntryRow = z.infer<typeof DictEntryRowSchema>;
export const DictEntriesReplySchema = envelope(z.array(DictEntryRowSchema));
export const DictEntryReplySchema = envelope(DictEntryRowSchema);
export const DictGroupParamsSchema = z.object({ group: inputString().min(1).max(100) });
export const DictEntryParamsSchema = DictGroupParamsSchema.extend({ dictKey: inputString().min(1).max(100) });

const sortField = () =>
  z.coerce.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能为负数').max(9999, '排序不能超过 9999');
export const CreateDictEntryBodySchema = z.object({
  dictKey: requiredText(SYSTEM_MESSAGES.dictKeyRequired, 100, {
    pattern: /^[A-Za-z0-9_-]+$/,
    patternMessage: SYSTEM_MESSAGES.dictKeyPattern,
  }),
  dictValueName: requiredText(SYSTEM_MESSAGES.dictValueRequired, 100),
  sort: sortField().default(0),
});
export type CreateDictEntryBody = z.input<typeof CreateDictEntryBodySchema>;
export const UpdateDictEntryBodySchema = z.object({
  dictValueName: requiredText(SYSTEM_MESSAGES.dictValueRequired, 100),
  sort: sortField(),
  version: versionField(),
});
export type UpdateDictEntryBody = z.input<typeof UpdateDictEntryBodySchema>;
export const DeletedDictEntryReplySchema = envelope(z.object({ dictKey: z.string() }));

// ---- Number rules (per enterprise) ----

export const NUMBER_DATE_PARTS = ['yyyyMMdd', 'yyMMdd', 'yyyyMM', 'yyyy', 'none'] as const;
export type NumberDatePart = (typeof NUMBER_DATE_PARTS)[number];
export const NUMBER_RESET_PERIODS = ['never', 'daily', 'monthly', 'yearly'] as const;
export type NumberResetPeriod = (typeof NUMBER_RESET_PERIODS)[number];

/** The keys the product numbers: its business records and its contract types (numbered by their type suffix). */
export const NUMBER_RULE_KEYS: readonly string[] = [
  ...new Set(['XSDD', 'CGDD', 'XM', 'DK', 'JS', 'SP', 'RK', 'TH', 'RKD', 'CKD', ...CONTRACT_TYPE_SUFFIXES]),
];

export type NumberRule = {
  numberKey: string;
  prefix: string;
  datePart: NumberDatePart;
  sequenceWidth: number;
  resetPeriod: NumberResetPeriod;
};

/** The rule of a key nobody has changed: KEY-yyyyMMdd-NNNNN, counting from 1 each day (the product's original format). */
export const defaultNumberRule = (numberKey: string): NumberRule => ({
  numberKey,
  prefix: numberKey,
  datePart: 'yyyyMMdd',
  sequenceWidth: 5,
  resetPeriod: 'daily',
});

/** The finest date unit each date part shows, and the unit each reset period needs shown. */
const DATE_PART_GRAIN: Record<NumberDatePart, number> = { yyyyMMdd: 3, yyMMdd: 3, yyyyMM: 2, yyyy: 1, none: 0 };
const RESET_GRAIN: Record<NumberResetPeriod, number> = { daily: 3, monthly: 2, yearly: 1, never: 0 };
/** Whether the date part shows the reset period (else a reset would repeat numbers the date cannot tell apart). */
export const datePartCoversReset = (datePart: NumberDatePart, reset: NumberResetPeriod): boolean =>
  DATE_PART_GRAIN[datePart] >= RESET_GRAIN[reset];

/** The calendar date of the business day (China Standard Time), as digits. */
export type BusinessDate = { year: string; month: string; day: string };

export const renderDatePart = (datePart: NumberDatePart, d: BusinessDate): string => {
  switch (datePart) {
    case 'yyyyMMdd':
      return `${d.year}${d.month}${d.day}`;
    case 'yyMMdd':
      return `${d.year.slice(2)}${d.month}${d.day}`;
    case 'yyyyMM':
      return `${d.year}${d.month}`;
    case 'yyyy':
      return d.year;
    case 'none':
      return '';
  }
};

/** The text before the sequence: PREFIX[-SOURCE][-DATE]. */
export const numberStem = (rule: Pick<NumberRule, 'prefix' | 'datePart'>, d: BusinessDate, sourceCode?: string): string => {
  const source = sourceCode ? sourceCode.replace(/[^A-Za-z0-9]/g, '').slice(0, 16) : '';
  const date = renderDatePart(rule.datePart, d);
  return [rule.prefix, source, date].filter(Boolean).join('-');
};

/** A number of the rule: its stem and the sequence padded to the rule's width (never cut: past the width it grows). */
export const formatRuleNumber = (rule: Omit<NumberRule, 'numberKey' | 'resetPeriod'>, d: BusinessDate, seq: number, sourceCode?: string) =>
  `${numberStem(rule, d, sourceCode)}-${String(seq).padStart(rule.sequenceWidth, '0')}`;

export const NumberRuleRowSchema = z.object({
  numberKey: z.string(),
  prefix: z.string(),
  datePart: z.enum(NUMBER_DATE_PARTS),
  sequenceWidth: z.number().int(),
  resetPeriod: z.enum(NUMBER_RESET_PERIODS),
  /** Whether the enterprise stored the rule (false: the default rule). */
  stored: z.boolean(),
  /** The number the next generation would issue now (not reserved). */
  nextNumber: z.string(),
  /** 0 while not stored. */
  version: z.number().int(),
});
export type NumberRuleRow = z.infer<typeof NumberRuleRowSchema>;
export const NumberRulesReplySchema = envelope(z.array(NumberRuleRowSchema));
export const NumberRuleReplySchema = envelope(NumberRuleRowSchema);
export const NumberKeyParamsSchema = z.object({ numberKey: inputString().min(1).max(64) });

export const SaveNumberRuleBodySchema = z
  .object({
    prefix: requiredText(SYSTEM_MESSAGES.prefixRequired, 16, { pattern: /^[A-Z0-9]+$/, patternMessage: SYSTEM_MESSAGES.prefixPattern }),
    datePart: z.enum(NUMBER_DATE_PARTS, { error: '请选择日期部分' }),
    sequenceWidth: z.coerce
      .number({ error: SYSTEM_MESSAGES.widthRange })
      .int(SYSTEM_MESSAGES.widthRange)
      .min(3, SYSTEM_MESSAGES.widthRange)
      .max(10, SYSTEM_MESSAGES.widthRange),
    resetPeriod: z.enum(NUMBER_RESET_PERIODS, { error: '请选择重置周期' }),
    /** The version read; 0 when the rule was not stored yet. */
    version: z.coerce.number({ error: '版本号必须是整数' }).int('版本号必须是整数').min(0, '版本号必须是整数'),
  })
  .superRefine((v, ctx) => {
    if (!datePartCoversReset(v.datePart, v.resetPeriod)) {
      ctx.addIssue({ code: 'custom', path: ['datePart'], message: SYSTEM_MESSAGES.datePartTooCoarse });
    }
  });
export type SaveNumberRuleBody = z.input<typeof SaveNumberRuleBodySchema>;
