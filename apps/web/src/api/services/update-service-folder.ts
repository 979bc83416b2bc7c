import type { ServiceFolderResponse, ServiceFolderUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const updateServiceFolder = ({
  serviceId,
  id,
  ...body
}: ServiceFolderUpdate & { serviceId: number; id: number }) =>
  api<ServiceFolderResponse>(`/service/${serviceId}/folder/${id}`, { method: 'PUT', body });

export function useUpdateServiceFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceFolder,
    onSuccess: (_data, { serviceId }) => applyCacheEffect(queryClient, serviceInvalidation.detailChanged(serviceId)),
  });
}
