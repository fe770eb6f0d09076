// GET /mlzProcessService/monitoring/taskHistory/{processInstanceId} (spec 7.4): code and data.historyList, oldest
// first; the last entry is the current one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROCESS_PATHS, TaskHistoryReplySchema } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { historyKey } from './keys';

export const TaskHistoryDataSchema = TaskHistoryReplySchema.shape.data;
export type TaskHistory = ReturnType<typeof TaskHistoryDataSchema.parse>;

export const taskHistoryPath = (processInstanceId: number) =>
  PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(processInstanceId));

export function getTaskHistory(processInstanceId: number, signal?: AbortSignal): Promise<TaskHistory> {
  return api.get(taskHistoryPath(processInstanceId), { schema: TaskHistoryDataSchema, signal });
}

export const taskHistoryQueryOptions = (processInstanceId: number) =>
  queryOptions({ queryKey: historyKey(processInstanceId), queryFn: ({ signal }) => getTaskHistory(processInstanceId, signal) });

export function useTaskHistory(processInstanceId: number | null | undefined) {
  return useQuery({
    ...taskHistoryQueryOptions(processInstanceId ?? 0),
    enabled: typeof processInstanceId === 'number' && processInstanceId > 0,
  });
}
