// The home workbench: real figures for the signed-in user's enterprise.
import { z } from 'zod';
import { envelope } from './envelope.js';

export const WorkbenchSchema = z.object({
  enterpriseName: z.string(),
  counts: z.object({
    salesOrders: z.number().int(),
    purchaseOrders: z.number().int(),
    projects: z.number().int(),
    contracts: z.number().int(),
    loanApplications: z.number().int(),
    inStorageNotices: z.number().int(),
    deliveryInstructions: z.number().int(),
    goods: z.number().int(),
    addresses: z.number().int(),
  }),
  unreadWarnings: z.number().int(),
  latestWarnings: z.array(
    z.object({ id: z.number().int(), warn_gen_dt: z.string(), warn_rule: z.string(), isRead: z.boolean() }),
  ),
  pendingTasks: z.array(
    z.object({
      processInstanceId: z.number().int(),
      businessType: z.string(),
      businessCode: z.string(),
      taskName: z.string(),
      startTime: z.string(),
    }),
  ),
});
export type Workbench = z.infer<typeof WorkbenchSchema>;
export const WorkbenchReplySchema = envelope(WorkbenchSchema);
export const WORKBENCH_PATH = '/api/workbench/summary';
