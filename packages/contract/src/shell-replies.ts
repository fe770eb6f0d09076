// The replies the web app's shell checks before its first screen: who is signed in, the entry and refresh tokens,
// the public configuration, the header bell's count and the workbench's summary (the first screen after the entry).
// Written with zod/mini, so the shell checks them with zod's core and not the whole of zod (the boot loads 16.6 kB
// of gzip instead of 31.3 kB, 16.8 kB with the summary); the classic schemas of session.ts, alerts.ts and
// workbench.ts embed them as they are, mini and classic schemas being the same zod core schemas.
import * as z from 'zod/mini';

export const MenuEntrySchema = z.object({
  menuName: z.string(),
  path: z.string(),
  /** 1 = shown, 0 = hidden (spec section 6). */
  isHidden: z.union([z.literal(0), z.literal(1)]),
});
export type MenuEntry = z.infer<typeof MenuEntrySchema>;

export const SessionUserSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  name: z.string(),
  enterpriseId: z.string(),
  enterpriseName: z.string(),
  companyId: z.string(),
  orgId: z.string(),
  phone: z.string(),
  storageAddress: z.nullable(z.string()),
  storageAddressId: z.nullable(z.string()),
  warehouseId: z.nullable(z.string()),
  isInternal: z.boolean(),
  isGroup: z.boolean(),
  isSupervisor: z.boolean(),
  roles: z.array(z.string()),
  avatar: z.string(),
  introduction: z.string(),
  menus: z.array(MenuEntrySchema),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const TokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** The data of the entry reply: the token pair, who entered, and for how many seconds the access token works. */
export const EntryDataSchema = z.extend(TokenPairSchema, { user: SessionUserSchema, expiresIn: z.int() });

/** The data of the refresh reply: the new token pair and for how many seconds the access token works. */
export const RefreshDataSchema = z.extend(TokenPairSchema, { expiresIn: z.int() });

/** What the web app needs before anyone is signed in. */
export const PublicConfigSchema = z.object({
  portalUrl: z.string(),
  ticketRequired: z.boolean(),
  /** False when the template's username/password login (/login/login) is switched off (PORTAL_SECRET without TEMPLATE_LOGIN=1). */
  templateLoginEnabled: z.boolean(),
  accessTokenTtlSeconds: z.int(),
});

/** The header bell's count of unread warning messages. */
export const UnreadCountSchema = z.object({ unreadCount: z.int() });

/** The workbench's summary: the figures of the signed-in user's enterprise. */
export const WorkbenchSchema = z.object({
  enterpriseName: z.string(),
  /** Per business area; null where the caller may not read the area (the card is then not shown). */
  counts: z.object({
    salesOrders: z.nullable(z.int()),
    purchaseOrders: z.nullable(z.int()),
    projects: z.nullable(z.int()),
    contracts: z.nullable(z.int()),
    loanApplications: z.nullable(z.int()),
    inStorageNotices: z.nullable(z.int()),
    deliveryInstructions: z.nullable(z.int()),
    goods: z.nullable(z.int()),
    addresses: z.nullable(z.int()),
  }),
  unreadWarnings: z.int(),
  latestWarnings: z.array(z.object({ id: z.int(), warn_gen_dt: z.string(), warn_rule: z.string(), isRead: z.boolean() })),
  pendingTasks: z.array(
    z.object({
      processInstanceId: z.int(),
      businessType: z.string(),
      businessCode: z.string(),
      taskName: z.string(),
      startTime: z.string(),
    }),
  ),
});
