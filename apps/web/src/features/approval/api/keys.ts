// Query keys of process approval.
export const PROCESS_ROOT_KEY = ['process'] as const;
export const historyKey = (processInstanceId: number) => [...PROCESS_ROOT_KEY, 'history', processInstanceId] as const;
export const TODO_KEY = [...PROCESS_ROOT_KEY, 'todo'] as const;
/** The workbench lists the pending tasks too. */
export const WORKBENCH_KEY = ['workbench'] as const;
