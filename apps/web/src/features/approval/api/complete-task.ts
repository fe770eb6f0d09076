// POST task/complete: an approver approves or rejects the open step with a comment; the reply is the history
// with the step closed (and the next one opened while the process runs).
import { PROCESS_PATHS, type CompleteTaskBody } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { TaskHistoryDataSchema, type TaskHistory } from './get-task-history';
import { useHistoryMutation } from './history-mutation';
import { TODO_KEY, historyKey } from './keys';

export function completeTask(body: CompleteTaskBody): Promise<TaskHistory> {
  return api.post(PROCESS_PATHS.complete, { body, schema: TaskHistoryDataSchema });
}

export function useCompleteTask() {
  return useHistoryMutation(completeTask, (queryClient, body) => {
    // The step may have been taken by someone else meanwhile: show the history as it now is.
    void queryClient.invalidateQueries({ queryKey: historyKey(body.processInstanceId) });
    void queryClient.invalidateQueries({ queryKey: TODO_KEY });
  });
}
