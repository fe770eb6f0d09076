// The path of the workbench's summary. Kept apart from its reply's envelope (workbench.ts, classic zod): the boot
// asks for the summary with the shell's schemas only.

export const WORKBENCH_PATH = '/api/workbench/summary';
