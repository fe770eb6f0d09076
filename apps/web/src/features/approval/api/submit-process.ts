// POST process/submit: a contract or loan application goes for approval; the reply is its new history.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROCESS_PATHS, type SubmitProcessBody } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { TaskHistoryDataSchema, type TaskHistory } from './get-task-history';
import { TODO_KEY, WORKBENCH_KEY, historyKey } from './keys';

export function submitProcess(body: SubmitProcessBody): Promise<TaskHistory> {
  return api.post(PROCESS_PATHS.submit, { body, schema: TaskHistoryDataSchema });
}

export function useSubmitProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitProcess,
    onSuccess: (history) => {
      queryClient.setQueryData(historyKey(history.processInstanceId), history);
      void queryClient.invalidateQueries({ queryKey: TODO_KEY });
      void queryClient.invalidateQueries({ queryKey: WORKBENCH_KEY });
    },
  });
}
