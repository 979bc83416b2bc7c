import type { MessageResponse } from '@app/shared/errors';
import type { RecoverPasswordRequest } from '@app/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const requestPasswordRecovery = (body: RecoverPasswordRequest) =>
  api<MessageResponse>('/auth/recover_password_email', { method: 'POST', body, token: null });

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}
