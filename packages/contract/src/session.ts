// Session, entry, refresh, operator login and organisation calls (spec 2.2, 3 Session values, 7.4, 7.5).
import { z } from 'zod';
import { envelope } from './envelope.js';
import { inputString, requiredText } from './fields.js';
import { EntryDataSchema, PublicConfigSchema, RefreshDataSchema, SessionUserSchema } from './shell-replies.js';

/**
 * How far ahead a portal ticket's expiry may lie: a ticket is a one-time pass from the portal to this product,
 * not a credential to keep (README, Portal tickets).
 */
export const PORTAL_TICKET_MAX_LIFETIME_SECONDS = 300;

/**
 * Sign-in limits (README, Configuration): defaults of the server's settings of the same meaning.
 * - maxFailures consecutive wrong passwords for one username lock that account for lockMinutes;
 * - addressMaxFailures wrong passwords from one source address within lockMinutes lock that address as long;
 * - loginPerMinute and entryPerMinute cap requests per source address on the template login and the portal entry.
 */
export const SIGN_IN_LIMITS = {
  maxFailures: 5,
  lockMinutes: 15,
  addressMaxFailures: 20,
  loginPerMinute: 30,
  entryPerMinute: 300,
  /**
   * A refused sign-in (429) is answered after this delay: a guesser that waits for each answer is slowed to one
   * try per connection per delay, so a flood cannot keep the server busy; a person locked out only waits a second.
   */
  refusalDelayMs: 1000,
} as const;

export const EntryBodySchema = z.object({
  userId: requiredText('userId is required', 64, { tooLong: 'userId is too long' }),
  ticket: inputString().max(512).optional(),
});
export type EntryBody = z.infer<typeof EntryBodySchema>;

export const EntryReplySchema = envelope(EntryDataSchema);

/**
 * The refresh call: API clients send the refresh token in the body; the browser sends `{}` and the server reads
 * the HttpOnly refresh cookie instead (the JSON body keeps the call out of reach of cross-site forms).
 */
export const RefreshBodySchema = z.object({
  refreshToken: inputString({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(512).optional(),
});
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

/** Logout ends the session of the access token sent with it, and of the refresh token in the body if any. */
export const LogoutBodySchema = z.object({ refreshToken: inputString().max(512).optional() }).nullish();
export const RefreshReplySchema = envelope(RefreshDataSchema);
/** Logout answers with no data. */
export const LogoutReplySchema = envelope(z.null());

export const LoginBodySchema = z.object({
  username: inputString({ error: 'username is required' }).trim().min(1, 'username is required').max(64),
  password: inputString({ error: 'password is required' }).min(1, 'password is required').max(128),
});
export const LoginReplySchema = envelope(z.object({ token: z.string(), refreshToken: z.string() }));

/** GET /user/info — the template's user info (spec section 3 User info). */
export const UserInfoSchema = z.object({
  roles: z.array(z.string()),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
});
export const UserInfoReplySchema = envelope(UserInfoSchema);

export const SessionReplySchema = envelope(SessionUserSchema);

export const UserDetailSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  enterpriseId: z.string(),
  enterpriseName: z.string(),
  phone: z.string(),
});
export const UserDetailReplySchema = envelope(UserDetailSchema);

export const DictEntrySchema = z.object({ dictKey: z.string(), dictValueName: z.string() });
export type DictEntry = z.infer<typeof DictEntrySchema>;
export const DictQuerySchema = z.object({
  dictGroupName: inputString({ error: 'dictGroupName is required' }).trim().min(1, 'dictGroupName is required').max(100),
});
export const DictReplySchema = envelope(z.array(DictEntrySchema));

export const GenerateNumberQuerySchema = z.object({
  numberKey: inputString({ error: 'numberKey is required' })
    .trim()
    .min(1, 'numberKey is required')
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'numberKey may hold letters, digits, _ and - only'),
  sourceCode: inputString().trim().max(64).optional(),
});
export const GenerateNumberReplySchema = envelope(z.string());

const DatabaseKindSchema = z.enum(['pglite', 'postgres']);

export const HealthReplySchema = envelope(z.object({ status: z.literal('ok'), database: DatabaseKindSchema }));

/** Liveness: the process answers; the database is not consulted. */
export const HealthLiveReplySchema = envelope(z.object({ status: z.literal('ok') }));

/**
 * Readiness: whether the database answers and every migration the server ships is applied. Sent with 200 (code 0)
 * when ready and with 503 (code 50300, OPERATIONS_MESSAGES.notReady) when not, in the same shape either way.
 */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'notReady']),
  database: z.object({ kind: DatabaseKindSchema, answers: z.boolean() }),
  /** Null when the database does not answer (nothing could be read). */
  migrations: z
    .object({
      expected: z.number().int(),
      applied: z.number().int(),
      /** The versions the server ships that the database has not applied. */
      pending: z.array(z.string()),
    })
    .nullable(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
export const HealthReadyReplySchema = envelope(ReadinessSchema);

/** The answers of the operations calls (readiness, metrics). */
export const OPERATIONS_MESSAGES = {
  notReady: '服务未就绪',
  metricsRefused: '指标访问令牌缺失或无效',
} as const;

/** What the web app needs before anyone is signed in. */
export const PublicConfigReplySchema = envelope(PublicConfigSchema);
