// A call that moves a process on (submit, approve, reject): the reply is the process's new history, kept for
// its panel, and the to-do list and the workbench's pending tasks reload.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TaskHistory } from './get-task-history';
import { TODO_KEY, WORKBENCH_KEY, historyKey } from './keys';

export function useHistoryMutation<Body>(
  mutationFn: (body: Body) => Promise<TaskHistory>,
  onError?: (queryClient: QueryClient, body: Body) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (history) => {
      queryClient.setQueryData(historyKey(history.processInstanceId), history);
      void queryClient.invalidateQueries({ queryKey: TODO_KEY });
      void queryClient.invalidateQueries({ queryKey: WORKBENCH_KEY });
    },
    onError: onError && ((_err, body) => onError(queryClient, body)),
  });
}
