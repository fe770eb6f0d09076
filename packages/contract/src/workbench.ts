// The home workbench: real figures for the signed-in user's enterprise.
import { z } from 'zod';
import { envelope } from './envelope.js';

export const WorkbenchSchema = z.object({
  enterpriseName: z.string(),
  /** Per business area; null where the caller may not read the area (the card is then not shown). */
  counts: z.object({
    salesOrders: z.number().int().nullable(),
    purchaseOrders: z.number().int().nullable(),
    projects: z.number().int().nullable(),
    contracts: z.number().int().nullable(),
    loanApplications: z.number().int().nullable(),
    inStorageNotices: z.number().int().nullable(),
    deliveryInstructions: z.number().int().nullable(),
    goods: z.number().int().nullable(),
    addresses: z.number().int().nullable(),
  }),
  unreadWarnings: z.number().int(),
  latestWarnings: z.array(z.object({ id: z.number().int(), warn_gen_dt: z.string(), warn_rule: z.string(), isRead: z.boolean() })),
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
