import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api.ts';

/** Statuses a retry cannot fix. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 409, 413, 415, 422, 429]);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(isApiError(error) && FINAL_STATUSES.has(error.status)) && failureCount < 2,
    },
    mutations: { retry: false },
  },
});
