// The one TanStack Query client. A failed call is retried once only when the server never answered
// (timeout, network); an answer with an error code is final. A failed refetch keeps the data shown.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 && failureCount < 1;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
