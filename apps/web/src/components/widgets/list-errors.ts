// Spec 8: a list that fails to load is only logged (to the in-app error log); the spinner stops and the
// rows already shown stay. No toast.
import { useEffect } from 'react';
import { logError } from '../../lib/error-log';

export function useLogListError(error: unknown): void {
  useEffect(() => {
    if (error) logError(error, 'error');
  }, [error]);
}
