// The home workbench: real figures for the signed-in user's enterprise. Its schema is one of the shell's
// (shell-replies.ts): the boot asks for the summary as soon as the entry is answered, before any page's code.
import type { z } from 'zod';
import { envelope } from './envelope.js';
import { WorkbenchSchema } from './shell-replies.js';

export type Workbench = z.infer<typeof WorkbenchSchema>;
export const WorkbenchReplySchema = envelope(WorkbenchSchema);
