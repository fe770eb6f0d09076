// Customers (issue 14): the enterprises the signed-in enterprise trades with (its counterparties), each with its
// unified social credit code, legal representative, address, contacts and bank accounts. One record per code per
// owning enterprise; edits carry the version read (an older one is 409); a customer named by a business record
// (contract, order or project counterparty) cannot be deleted.
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { optionalText, optionalTextOrEmpty, requiredText, withFieldMeta } from './fields.js';
import { ADDRESS_CODE_PATTERN, ADDRESS_PHONE_PATTERN } from './address-book.js';
import { versionField } from './audit.js';

// ---- The unified social credit code (GB 32100-2015) ----

/** The code's characters: digits and the capital letters without I, O, Z, S and V; a character's value is its index. */
export const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** The weights of positions 1–17 (3^(i-1) mod 31). */
export const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
/**
 * Position 1, the registration authority (登记管理部门), and the institution types position 2 may hold for it
 * (GB 32100-2015 appendix A; 9 with 1 enterprise, 2 sole proprietorship, 3 farmers' cooperative).
 */
export const USCC_AUTHORITIES: Readonly<Record<string, string>> = {
  '1': '1239', // 机构编制
  '2': '19', // 外交
  '3': '123459', // 司法行政
  '4': '19', // 文化
  '5': '1239', // 民政
  '6': '129', // 旅游
  '7': '129', // 宗教
  '8': '19', // 工会
  '9': '123', // 市场监管（工商）
  A: '19', // 中央军委改革和编制办公室
  N: '1239', // 农业
  Y: '1', // 其他
};

/** The check character of the first 17 characters (GB 32100-2015 section 5): 31 − (Σ value·weight mod 31), 31 as 0. */
export function usccCheckChar(first17: string): string | undefined {
  if (first17.length !== 17) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARSET.indexOf(first17[i]!);
    if (v < 0) return undefined;
    sum += v * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARSET[(31 - (sum % 31)) % 31];
}

/** The organisation code's check character (GB 11714-1997): 11 − (Σ value·weight mod 11); 10 is X, 11 is 0. */
export function orgCodeCheckChar(first8: string): string | undefined {
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  if (!/^[0-9A-Z]{8}$/.test(first8)) return undefined;
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = first8[i]!;
    sum += (c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55) * weights[i]!;
  }
  const r = 11 - (sum % 11);
  return r === 10 ? 'X' : r === 11 ? '0' : String(r);
}

export const USCC_MESSAGES = {
  required: '请输入统一社会信用代码',
  length: '统一社会信用代码应为 18 位',
  chars: '统一社会信用代码只能包含数字和除 I、O、Z、S、V 以外的大写字母',
  authority: '统一社会信用代码的登记管理部门或机构类别代码不正确',
  region: '统一社会信用代码的第 3 至 8 位应为行政区划代码',
  orgCode: '统一社会信用代码中的组织机构代码校验位不正确',
  checkDigit: '统一社会信用代码校验位不正确',
} as const;

/** Why `code` is not a valid unified social credit code (one of USCC_MESSAGES), or undefined when it is. */
export function usccProblem(code: string): string | undefined {
  if (code === '') return USCC_MESSAGES.required;
  if (code.length !== 18) return USCC_MESSAGES.length;
  if (![...code].every((c) => USCC_CHARSET.includes(c))) return USCC_MESSAGES.chars;
  const types = USCC_AUTHORITIES[code[0]!];
  if (!types || !types.includes(code[1]!)) return USCC_MESSAGES.authority;
  if (!/^\d{6}$/.test(code.slice(2, 8))) return USCC_MESSAGES.region;
  if (code[17] !== usccCheckChar(code.slice(0, 17))) return USCC_MESSAGES.checkDigit;
  // Positions 9–17 are the organisation code with its own check character (GB 11714).
  if (code[16] !== orgCodeCheckChar(code.slice(8, 16))) return USCC_MESSAGES.orgCode;
  return undefined;
}
export const isValidUscc = (code: string): boolean => usccProblem(code) === undefined;

// ---- Messages ----

export const CUSTOMER_MESSAGES = {
  nameRequired: '请输入企业名称',
  legalRepresentativeRequired: '请输入法定代表人',
  contactNameRequired: '请输入联系人姓名',
  contactPhoneRequired: '请输入联系电话',
  contactPhoneInvalid: '请输入正确的联系电话',
  bankNameRequired: '请输入开户银行',
  accountNameRequired: '请输入账户名称',
  accountNumberRequired: '请输入银行账号',
  accountNumberInvalid: '银行账号应为 8 至 32 位数字',
  regionInvalid: '请选择所在地区',
  duplicateCode: '该统一社会信用代码的客户已存在',
  tooManyContacts: '联系人最多 20 个',
  tooManyAccounts: '银行账户最多 20 个',
  inUse: (count: number) => `该客户已被 ${count} 条业务单据（合同、订单或项目）引用，不能删除`,
} as const;

export const CUSTOMER_LIST_MAX = 20;
export const BANK_ACCOUNT_PATTERN = /^\d{8,32}$/;

// ---- Schemas ----

export const CustomerContactSchema = z.object({ name: z.string(), phone: z.string(), position: z.string(), email: z.string() });
export type CustomerContact = z.infer<typeof CustomerContactSchema>;
export const CustomerBankAccountSchema = z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() });
export type CustomerBankAccount = z.infer<typeof CustomerBankAccountSchema>;

export const CustomerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string(),
  legalRepresentative: z.string(),
  addressCode: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  detailedAddress: z.string(),
  /** The first contact (the list shows it), or null. */
  mainContact: CustomerContactSchema.nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  version: z.number().int(),
});
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

export const CustomerDetailSchema = CustomerRowSchema.extend({
  remark: z.string(),
  contacts: z.array(CustomerContactSchema),
  bankAccounts: z.array(CustomerBankAccountSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

/** The code as typed, upper-cased and trimmed, checked per GB 32100-2015 with the message naming the fault. */
export const usccField = () =>
  withFieldMeta(
    z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v === undefined || v === null ? '' : v),
        z.string({ error: USCC_MESSAGES.required }),
      )
      .superRefine((v, ctx) => {
        const problem = usccProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
      }),
    { label: 'customers.enterprises.creditCode', required: USCC_MESSAGES.required },
  );

export const SaveCustomerContactSchema = z.object({
  name: requiredText(CUSTOMER_MESSAGES.contactNameRequired, 50, { label: 'customers.enterprises.contactName' }),
  phone: requiredText(CUSTOMER_MESSAGES.contactPhoneRequired, 20, {
    label: 'customers.enterprises.contactPhone',
    pattern: ADDRESS_PHONE_PATTERN,
    patternMessage: CUSTOMER_MESSAGES.contactPhoneInvalid,
  }),
  position: optionalTextOrEmpty(50, { label: 'customers.enterprises.contactPosition' }),
  email: optionalTextOrEmpty(100, { label: 'customers.enterprises.contactEmail' }),
});

export const SaveCustomerBankAccountSchema = z.object({
  bankName: requiredText(CUSTOMER_MESSAGES.bankNameRequired, 100, { label: 'customers.enterprises.bankName' }),
  accountName: requiredText(CUSTOMER_MESSAGES.accountNameRequired, 100, { label: 'customers.enterprises.accountName' }),
  accountNumber: requiredText(CUSTOMER_MESSAGES.accountNumberRequired, 32, {
    label: 'customers.enterprises.accountNumber',
    pattern: BANK_ACCOUNT_PATTERN,
    patternMessage: CUSTOMER_MESSAGES.accountNumberInvalid,
  }),
});

const customerFields = z.object({
  name: requiredText(CUSTOMER_MESSAGES.nameRequired, 100, { label: 'customers.enterprises.name' }),
  creditCode: usccField(),
  legalRepresentative: requiredText(CUSTOMER_MESSAGES.legalRepresentativeRequired, 50, {
    label: 'customers.enterprises.legalRepresentative',
  }),
  addressCode: optionalTextOrEmpty(64, { label: 'customers.enterprises.region' }).refine(
    (v) => v === '' || ADDRESS_CODE_PATTERN.test(v),
    CUSTOMER_MESSAGES.regionInvalid,
  ),
  province: optionalTextOrEmpty(50),
  city: optionalTextOrEmpty(50),
  area: optionalTextOrEmpty(50),
  detailedAddress: optionalTextOrEmpty(200, { label: 'customers.enterprises.detailedAddress' }),
  remark: optionalTextOrEmpty(500, { label: 'customers.enterprises.remark' }),
  contacts: z.array(SaveCustomerContactSchema).max(CUSTOMER_LIST_MAX, CUSTOMER_MESSAGES.tooManyContacts).default([]),
  bankAccounts: z.array(SaveCustomerBankAccountSchema).max(CUSTOMER_LIST_MAX, CUSTOMER_MESSAGES.tooManyAccounts).default([]),
});
/** The form's fields (their rules and labels). */
export const CUSTOMER_FIELDS = customerFields.shape;

/** The region is optional as a whole: a region code comes with its province, city and area names. */
const regionWhole = (b: { addressCode: string; province: string; city: string; area: string }, ctx: z.RefinementCtx) => {
  if (b.addressCode !== '' && (b.province === '' || b.city === '' || b.area === ''))
    ctx.addIssue({ code: 'custom', path: ['addressCode'], message: CUSTOMER_MESSAGES.regionInvalid, input: b.addressCode });
};

export const SaveCustomerBodySchema = customerFields.superRefine(regionWhole);
export type SaveCustomerBody = z.infer<typeof SaveCustomerBodySchema>;
export type SaveCustomerInput = z.input<typeof SaveCustomerBodySchema>;

export const UpdateCustomerBodySchema = customerFields.extend({ version: versionField() }).superRefine(regionWhole);
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBodySchema>;

export const ListCustomersQuerySchema = PageQuerySchema.extend({
  /** Matches the name, the credit code or the legal representative. */
  search: optionalText(100),
});
export type ListCustomersQuery = z.infer<typeof ListCustomersQuerySchema>;

export const CustomerIdParamsSchema = z.object({
  id: z.coerce.number({ error: '客户 id 必须是正整数' }).int('客户 id 必须是正整数').positive('客户 id 必须是正整数'),
});

export const CustomerPageSchema = pageOf(CustomerRowSchema);
export const CustomerPageReplySchema = envelope(CustomerPageSchema);
export const CustomerReplySchema = envelope(CustomerDetailSchema);
export const CustomerDeletedReplySchema = envelope(z.object({ id: z.number().int() }));

export const CUSTOMER_PATHS = {
  list: '/api/customers/enterprises',
  item: '/api/customers/enterprises/:id',
} as const;
export const customerPath = (id: number) => CUSTOMER_PATHS.item.replace(':id', String(id));
