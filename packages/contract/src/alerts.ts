// Warning messages (spec 2.3 item 10, 3 Warning message, 4, 7.4): the caller's own messages, 5 per page,
// marked read when opened, and the company risk records behind one warning (earlyWarningInfo).
//
// - messageEarlyWarning: pageNum is zero-based like every other page (spec 9: page numbers are sent
//   zero-based); pageSize defaults to 5, the only size offered; a larger size is served as 5 (clamped: true).
//   userId, when sent, must be the caller's own (403 otherwise).
// - earlyWarningInfo: the records of the caller's enterprise whose warn_date equals warnDate and whose warn_rule
//   equals warnRule (a message carries both: warnDate is the UTC day of warn_gen_dt, warnRule is warn_rule).
//   An optional companyName narrows it to the message's company.
import { z } from 'zod';
import { ALERT_PAGE_SIZE } from './constants.js';
import { envelope } from './envelope.js';
import { isUnset, optionalIdentifier, optionalText, requiredDate, requiredText, rowId } from './fields.js';
import { CompanyRiskRecordSchema } from './risk.js';
import { UnreadCountSchema } from './shell-replies.js';

export const MessageEarlyWarningQuerySchema = z.object({
  userId: optionalIdentifier(64, 'userId 过长'),
  pageNum: z.preprocess(
    (v) => (isUnset(v) ? 0 : v),
    z.coerce.number({ error: 'pageNum 必须是数字' }).int('pageNum 必须是整数').min(0, 'pageNum 不能为负数').max(1e9, 'pageNum 过大'),
  ),
  pageSize: z.preprocess(
    (v) => (isUnset(v) ? ALERT_PAGE_SIZE : v),
    z.coerce.number({ error: 'pageSize 必须是数字' }).int('pageSize 必须是整数').min(1, 'pageSize 至少为 1'),
  ),
});
export type MessageEarlyWarningQuery = z.infer<typeof MessageEarlyWarningQuerySchema>;

export const WarningMessageSchema = z.object({
  id: z.number().int(),
  /** The alertId to send to updateMessageStatus (same as id). */
  alertId: z.number().int(),
  warn_gen_dt: z.string(),
  warn_rule: z.string(),
  /** The day to send as earlyWarningInfo's warnDate (UTC day of warn_gen_dt). */
  warnDate: z.string(),
  riskType: z.number().int().nullable(),
  riskTitle: z.string().nullable(),
  companyName: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
});
export type WarningMessage = z.infer<typeof WarningMessageSchema>;

export const WarningMessagePageSchema = z.object({
  content: z.array(WarningMessageSchema),
  totalElements: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  clamped: z.boolean().optional(),
  unreadCount: z.number().int(),
});
export const WarningMessagePageReplySchema = envelope(WarningMessagePageSchema);

export const UpdateMessageStatusBodySchema = z.object({
  alertId: rowId('alertId 必须是正整数'),
});
export const UpdateMessageStatusReplySchema = envelope(
  z.object({ alertId: z.number().int(), isRead: z.boolean(), readAt: z.string().nullable(), unreadCount: z.number().int() }),
);

export const UnreadCountReplySchema = envelope(UnreadCountSchema);

export const EarlyWarningInfoQuerySchema = z.object({
  warnDate: requiredDate('warnDate 不能为空', 'warnDate 格式应为 yyyy-MM-dd'),
  warnRule: requiredText('warnRule 不能为空', 200, { tooLong: 'warnRule 过长' }),
  companyName: optionalText(200, { tooLong: 'companyName 过长' }),
});
export type EarlyWarningInfoQuery = z.infer<typeof EarlyWarningInfoQuerySchema>;

export const EarlyWarningInfoSchema = z.object({
  warnDate: z.string(),
  warnRule: z.string(),
  /** The numeric type whose title and table the dialog shows (null when no record matches). */
  riskType: z.number().int().nullable(),
  title: z.string().nullable(),
  warnList: z.array(CompanyRiskRecordSchema),
});
export const EarlyWarningInfoReplySchema = envelope(EarlyWarningInfoSchema);
