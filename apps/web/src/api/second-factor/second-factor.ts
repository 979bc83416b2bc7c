import type { MessageResponse } from '@app/shared/errors';
import type {
  SecondFactorSetup,
  SecondFactorSetupStart,
  SecondFactorStatus,
  SecuritySettings,
} from '@app/shared/schemas/second-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** 'Verificación en dos pasos' of the signed-in user. */
export const secondFactorQueryKey = ['profile', 'second-factor'] as const;

export const secondFactorQueryOptions = () =>
  queryOptions({
    queryKey: secondFactorQueryKey,
    queryFn: () => api<SecondFactorStatus>('/profile/second-factor'),
  });

export const useSecondFactorStatus = () => useQuery(secondFactorQueryOptions());

type RecoveryCodes = MessageResponse & { recoveryCodes: string[] };

/** Starts a set-up with the current password (a session alone cannot enrol a second factor). */
export const useStartSecondFactorSetup = () =>
  useMutation({
    mutationFn: (body: SecondFactorSetupStart) =>
      api<SecondFactorSetup>('/profile/second-factor/setup', { method: 'POST', body }),
  });

function useStatusChange<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryKey }),
  });
}

export const useConfirmSecondFactor = () =>
  useStatusChange((body: { code: string }) =>
    api<RecoveryCodes>('/profile/second-factor/confirm', { method: 'POST', body }),
  );

export const useDisableSecondFactor = () =>
  useStatusChange((body: { code: string }) =>
    api<MessageResponse>('/profile/second-factor', { method: 'DELETE', body }),
  );

export const useRenewRecoveryCodes = () =>
  useStatusChange((body: { code: string }) =>
    api<RecoveryCodes>('/profile/second-factor/recovery-codes', { method: 'POST', body }),
  );

/** The owner's reset of a user's second factor (the users list's security menu). */
export const resetUserSecondFactor = (userId: number) =>
  api<MessageResponse>(`/users/${userId}/second-factor`, { method: 'DELETE' });

/** The firm's security setting (owners). */
export const securitySettingsQueryKey = ['settings', 'security'] as const;

export const useSecuritySettings = () =>
  useQuery({ queryKey: securitySettingsQueryKey, queryFn: () => api<SecuritySettings>('/settings/security') });

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => api<SecuritySettings>('/settings/security', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(securitySettingsQueryKey, saved),
  });
}
