import type { Login, LoginResponse } from '@app/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { sessionStore } from '../../lib/session';
import { registerPushSubscription } from './register-push';

export const login = (body: Login) => api<LoginResponse>('/login', { method: 'POST', body, token: null });

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, token }) => {
      sessionStore.set({ user, token });
      void registerPushSubscription();
    },
  });
}
