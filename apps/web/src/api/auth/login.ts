import type { Login, LoginResponse, LoginSession } from '@app/shared/schemas/auth';
import type { SecondFactorSetup } from '@app/shared/schemas/second-factor';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { sessionStore } from '../../lib/session-store';
import { registerPushSubscription } from './register-push';

export const login = (body: Login) => api<LoginResponse>('/login', { method: 'POST', body, token: null });

/** Signs in; when the answer is a second-factor challenge the caller goes on with it. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      if (!('token' in response)) return;
      sessionStore.set({ user: response.user, token: response.token });
      void registerPushSubscription();
    },
  });
}

type SecondFactorLoginResponse = LoginSession & { recoveryCodes?: string[] };

/** The code (or a recovery code) after the password: answers the session. */
export const loginWithSecondFactor = (body: { challenge: string; code: string }) =>
  api<SecondFactorLoginResponse>('/login/second-factor', { method: 'POST', body, token: null });

/** The firm requires a second factor the user has not set up: the QR code and secret to start. */
export const startSecondFactorSetupAtLogin = (body: { challenge: string }) =>
  api<SecondFactorSetup>('/login/second-factor/setup', { method: 'POST', body, token: null });

/** The set-up's first code: the session and the recovery codes (shown once). */
export const confirmSecondFactorSetupAtLogin = (body: { challenge: string; code: string }) =>
  api<SecondFactorLoginResponse>('/login/second-factor/confirm', { method: 'POST', body, token: null });

/** Stores a completed sign-in (after the code step). */
export function startSession(session: LoginSession) {
  sessionStore.set({ user: session.user, token: session.token });
  void registerPushSubscription();
}
