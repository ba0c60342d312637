import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network blips and 5xx get one more try.
        retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
