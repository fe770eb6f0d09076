// The schemas of the calls the shell makes before any page shows (entry, session, refresh, public config, the
// header bell's count, the workbench's summary). Loaded on first use (loadShellSchemas in session-store.ts), beside
// the first call: the contract writes them with zod/mini (shell-replies.ts), so they bring zod's small core and not
// the whole of zod, which comes with each page's own schemas.
import {
  EntryDataSchema,
  PublicConfigSchema,
  RefreshDataSchema,
  SessionUserSchema,
  UnreadCountSchema,
  WorkbenchSchema,
} from '@tfb/contract';

export const shellSchemas = {
  sessionUser: SessionUserSchema,
  entry: EntryDataSchema,
  refresh: RefreshDataSchema,
  publicConfig: PublicConfigSchema,
  unreadCount: UnreadCountSchema,
  workbench: WorkbenchSchema,
};

export type ShellSchemas = typeof shellSchemas;
