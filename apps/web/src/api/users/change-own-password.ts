import type { PasswordChange, PasswordChangeResponse } from '@app/shared/schemas/profile';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The signed-in user's new password; the server ends their other sessions and keeps this one. */
export const changeOwnPassword = (body: PasswordChange) =>
  api<PasswordChangeResponse>('/user/me/password', { method: 'PUT', body });

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
