// POST process/submit: a contract or loan application goes for approval; the reply is its new history.
import { PROCESS_PATHS, type SubmitProcessBody } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { TaskHistoryDataSchema, type TaskHistory } from './get-task-history';
import { useHistoryMutation } from './history-mutation';

export function submitProcess(body: SubmitProcessBody): Promise<TaskHistory> {
  return api.post(PROCESS_PATHS.submit, { body, schema: TaskHistoryDataSchema });
}

export function useSubmitProcess() {
  return useHistoryMutation(submitProcess);
}
