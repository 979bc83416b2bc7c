import type { ProfileUpdate, ProfileUpdateResponse } from '@app/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { sessionStore } from '../../lib/session-store';
import { userInvalidation } from './invalidation';

export const updateProfile = (body: ProfileUpdate) => api<ProfileUpdateResponse>('/user/me', { method: 'PUT', body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      // The top bar shows the stored user's name; the users list (or the company's) shows it too.
      sessionStore.updateUser(user);
      return applyCacheEffect(queryClient, userInvalidation.meWritten(user));
    },
  });
}
