import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Each endpoint has one query key and every mutation invalidates the keys it changes, so a
      // screen may show its cached answer for a while instead of refetching on every visit.
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
