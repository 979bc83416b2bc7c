import type { SendEmail, SendEmailResponse } from '@app/shared/schemas/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { emailInvalidation } from './invalidation';

export const sendEmail = (body: SendEmail) => api<SendEmailResponse>('/utils/send-email', { method: 'POST', body });

/** Sends an e-mail (owners and collaborators); sent or not, the attempt is in the e-mail log, so the log is refreshed either way. */
export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    onSettled: () => applyCacheEffect(queryClient, emailInvalidation.sendAttempted()),
  });
}
