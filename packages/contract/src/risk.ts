// Company risk records (spec 2.3 item 9): for each of the 13 numeric types a title, the fields of its `details`
// and the table columns the company risk-warning dialog and the risk-view screen render.
import { z } from 'zod';
import { RISK_TYPE_CODES, type RiskType } from './constants.js';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { optionalText, type QueryInput } from './fields.js';

/** The dialog title of each risk type (zh). */
export const RISK_TYPE_TITLES = {
  17: '黑名单',
  18: '动产抵押',
  19: '股权出质',
  20: '经营异常',
  21: '司法拍卖',
  22: '严重违法',
  23: '法院公告',
  24: '被执行人',
  25: '行政处罚',
  27: '证照到期',
  28: '经营范围变更',
  29: '法定代表人变更',
  30: '注册资本变更',
} as const satisfies Record<RiskType, string>;

/** How a column's value is shown: text as is, an amount in yuan, a date yyyy-MM-dd. */
export type RiskColumnKind = 'text' | 'amount' | 'date';
export type RiskColumn = { key: string; title: string; kind: RiskColumnKind };

const text = z.string();
const date = z.string();
const amount = z.number().nullable();

/** The `details` fields of each type. Amounts are yuan (numbers); dates are yyyy-MM-dd. */
export const RISK_DETAIL_SCHEMAS = {
  17: z.object({ reason: text, listedBy: text, listedDate: date }),
  18: z.object({ registrationNumber: text, mortgagee: text, amount, registrationDate: date, status: text }),
  19: z.object({ pledgor: text, pledgee: text, amount, registrationDate: date }),
  20: z.object({ reason: text, authority: text, listedDate: date }),
  21: z.object({ title: text, court: text, startingPrice: amount, auctionDate: date }),
  22: z.object({ reason: text, authority: text, listedDate: date }),
  23: z.object({ caseNumber: text, court: text, plaintiff: text, defendant: text, hearingDate: date }),
  24: z.object({ caseNumber: text, court: text, amount, filingDate: date }),
  25: z.object({ decisionNumber: text, authority: text, reason: text, penalty: text, decisionDate: date }),
  27: z.object({ licenceName: text, licenceNumber: text, expiryDate: date }),
  28: z.object({ before: text, after: text, changeDate: date }),
  29: z.object({ before: text, after: text, changeDate: date }),
  30: z.object({ before: text, after: text, changeDate: date }),
} as const satisfies Record<RiskType, z.ZodObject>;
export type RiskDetails<T extends RiskType> = z.infer<(typeof RISK_DETAIL_SCHEMAS)[T]>;

type ColumnsOf<T extends RiskType> = { [K in keyof RiskDetails<T>]-?: readonly [title: string, kind: RiskColumnKind] };
const columns = <T extends RiskType>(_type: T, c: ColumnsOf<T>): RiskColumn[] =>
  Object.entries(c).map(([key, v]) => {
    const [title, kind] = v as readonly [string, RiskColumnKind];
    return { key, title, kind };
  });

/** The dialog table of each type, in column order (the company name column comes first, from the record). */
export const RISK_TYPE_COLUMNS: Record<RiskType, RiskColumn[]> = {
  17: columns(17, { reason: ['列入原因', 'text'], listedBy: ['列入机构', 'text'], listedDate: ['列入日期', 'date'] }),
  18: columns(18, {
    registrationNumber: ['登记编号', 'text'],
    mortgagee: ['抵押权人', 'text'],
    amount: ['被担保债权数额(元)', 'amount'],
    registrationDate: ['登记日期', 'date'],
    status: ['状态', 'text'],
  }),
  19: columns(19, {
    pledgor: ['出质人', 'text'],
    pledgee: ['质权人', 'text'],
    amount: ['出质股权数额(元)', 'amount'],
    registrationDate: ['登记日期', 'date'],
  }),
  20: columns(20, { reason: ['列入原因', 'text'], authority: ['作出决定机关', 'text'], listedDate: ['列入日期', 'date'] }),
  21: columns(21, {
    title: ['拍卖标的', 'text'],
    court: ['执行法院', 'text'],
    startingPrice: ['起拍价(元)', 'amount'],
    auctionDate: ['拍卖日期', 'date'],
  }),
  22: columns(22, { reason: ['列入原因', 'text'], authority: ['作出决定机关', 'text'], listedDate: ['列入日期', 'date'] }),
  23: columns(23, {
    caseNumber: ['案号', 'text'],
    court: ['法院', 'text'],
    plaintiff: ['原告', 'text'],
    defendant: ['被告', 'text'],
    hearingDate: ['开庭日期', 'date'],
  }),
  24: columns(24, {
    caseNumber: ['案号', 'text'],
    court: ['执行法院', 'text'],
    amount: ['执行标的(元)', 'amount'],
    filingDate: ['立案日期', 'date'],
  }),
  25: columns(25, {
    decisionNumber: ['决定书文号', 'text'],
    authority: ['处罚机关', 'text'],
    reason: ['违法事由', 'text'],
    penalty: ['处罚内容', 'text'],
    decisionDate: ['处罚日期', 'date'],
  }),
  27: columns(27, { licenceName: ['证照名称', 'text'], licenceNumber: ['证照编号', 'text'], expiryDate: ['到期日期', 'date'] }),
  28: columns(28, { before: ['变更前', 'text'], after: ['变更后', 'text'], changeDate: ['变更日期', 'date'] }),
  29: columns(29, { before: ['变更前', 'text'], after: ['变更后', 'text'], changeDate: ['变更日期', 'date'] }),
  30: columns(30, { before: ['变更前', 'text'], after: ['变更后', 'text'], changeDate: ['变更日期', 'date'] }),
};

const recordBase = {
  id: z.number().int(),
  companyName: z.string(),
  warnDate: z.string(),
  warnRule: z.string(),
};
const recordOf = <T extends RiskType>(type: T) =>
  z.object({ ...recordBase, riskType: z.literal(type), details: RISK_DETAIL_SCHEMAS[type] });

/** One company risk record; `riskType` tells which `details` shape it carries. */
export const CompanyRiskRecordSchema = z.discriminatedUnion('riskType', [
  recordOf(17),
  recordOf(18),
  recordOf(19),
  recordOf(20),
  recordOf(21),
  recordOf(22),
  recordOf(23),
  recordOf(24),
  recordOf(25),
  recordOf(27),
  recordOf(28),
  recordOf(29),
  recordOf(30),
]);
export type CompanyRiskRecord = z.infer<typeof CompanyRiskRecordSchema>;

export const riskTypeParam = (message = `riskType 只能是 ${RISK_TYPE_CODES.join('、')} 之一`) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .refine((n): n is RiskType => (RISK_TYPE_CODES as number[]).includes(n), message)
    .transform((n) => n as RiskType);

/** Risk view: the enterprise's records, newest first, optionally of one type and matching a company name. */
export const CompanyRiskPageQuerySchema = PageQuerySchema.extend({
  riskType: z.preprocess((v: QueryInput<RiskType>) => (v === '' || v === null ? undefined : v), riskTypeParam().optional()),
  blurry: optionalText(100),
});
export type CompanyRiskPageQuery = z.infer<typeof CompanyRiskPageQuerySchema>;
export const CompanyRiskPageReplySchema = envelope(pageOf(CompanyRiskRecordSchema));

/** Risk view tabs: every type with its title and the enterprise's record count (0 included). */
export const RiskTypeSummarySchema = z.object({
  riskType: z.number().int(),
  title: z.string(),
  count: z.number().int(),
  latestWarnDate: z.string().nullable(),
});
export const RiskSummaryReplySchema = envelope(z.array(RiskTypeSummarySchema));

export const RISK_PATHS = {
  page: '/api/businessperationService/alertData/companyRiskPage',
  summary: '/api/businessperationService/alertData/companyRiskSummary',
} as const;
