import type { BusinessResponse, BusinessUpdate } from '@app/shared/schemas/businesses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessesQueryKey } from './get-businesses';

export const updateBusiness = ({ id, ...body }: BusinessUpdate & { id: number }) =>
  api<BusinessResponse>(`/business/${id}`, { method: 'PUT', body });

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusiness,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
  });
}
