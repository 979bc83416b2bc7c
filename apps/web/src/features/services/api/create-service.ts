import type { ServiceCreate, ServiceResponse } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { servicesQueryKey } from './get-services';

export const createService = (body: ServiceCreate) => api<ServiceResponse>('/service', { method: 'POST', body });

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey }),
  });
}
