import type { REQUESTS_EVENT } from '@app/shared/schemas/requests';
import { useQueryClient } from '@tanstack/react-query';
import { applyCacheEffect } from '../../lib/cache-effect';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { requestInvalidation } from './invalidation';

/**
 * The shared REQUESTS_EVENT, checked against it by type: the staff layout mounts this hook, and
 * importing the schemas' module would load zod before any screen needs it.
 */
export const REQUESTS_EVENT_NAME: typeof REQUESTS_EVENT = 'requests changed';

/**
 * Keeps document requests live for staff: each 'requests changed' event (a request
 * created or reviewed, a client's upload or delete) refreshes the request lists, the badges and the
 * folder views in use; after a reconnect, whatever was missed is fetched again. Mounted once, in
 * the staff layout.
 */
export function useLiveRequests() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void applyCacheEffect(queryClient, requestInvalidation.requestsChanged());
  };
  useSocketEvent<unknown>(REQUESTS_EVENT_NAME, refresh);
  useSocketReconnect(refresh);
}
