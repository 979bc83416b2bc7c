import type { GoogleLinkResponseSchema, GoogleLinkSchema } from '@app/shared/schemas/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { calendarInvalidation } from './invalidation';

/** POST /api/auth/google-cloud (owners): the code and state Google sent back link the account. */
export const linkGoogleAccount = (body: z.infer<typeof GoogleLinkSchema>) =>
  api<z.infer<typeof GoogleLinkResponseSchema>>('/auth/google-cloud', { method: 'POST', body });

/** Linking (or failing to) changes the account, its calendars and so every range of events. */
export function useLinkGoogleAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkGoogleAccount,
    onSettled: () => applyCacheEffect(queryClient, calendarInvalidation.accountLinked()),
  });
}
