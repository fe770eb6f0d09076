// The schemas of the calls the shell makes before any page shows (entry, session, refresh, public config, the
// header bell's count). Loaded on first use (loadShellSchemas in session-store.ts), so the first load carries no zod:
// it comes with these and with each page's own schemas, while the session settles.
import { EntryReplySchema, PublicConfigReplySchema, RefreshReplySchema, SessionUserSchema, UnreadCountReplySchema } from '@tfb/contract';

export const shellSchemas = {
  sessionUser: SessionUserSchema,
  entry: EntryReplySchema.shape.data,
  refreshReply: RefreshReplySchema,
  publicConfig: PublicConfigReplySchema.shape.data,
  unreadCount: UnreadCountReplySchema.shape.data,
};

export type ShellSchemas = typeof shellSchemas;
