import type { ProfileUpdate, ProfileUpdateResponse } from '@app/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { meQueryKey } from './get-me';

export const updateProfile = (body: ProfileUpdate) => api<ProfileUpdateResponse>('/user/me', { method: 'PUT', body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      // The top bar shows the stored user's name.
      sessionStore.updateUser(user);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
