import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Screens refetch when they mount: one feature's change (a service link made from the service
      // page) must show on another's screen (the company page) without sharing query keys.
      staleTime: 0,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
