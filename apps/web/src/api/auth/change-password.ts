import type { MessageResponse } from '@app/shared/errors';
import type { ChangePassword } from '@app/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The recovery token from the e-mailed link travels as the bearer credential. */
export const changePasswordWithToken = ({ token, ...body }: ChangePassword & { token: string }) =>
  api<MessageResponse>('/auth/change_password', { method: 'PUT', body, token });

export function useChangePasswordWithToken() {
  return useMutation({ mutationFn: changePasswordWithToken });
}
