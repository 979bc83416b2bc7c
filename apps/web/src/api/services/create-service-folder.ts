import type { ServiceFolderCreate, ServiceFolderResponse } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

/** A top-level folder, or a subfolder when parentFolderId is set. */
export const createServiceFolder = ({ serviceId, ...body }: ServiceFolderCreate & { serviceId: number }) =>
  api<ServiceFolderResponse>(`/service/${serviceId}/folder`, { method: 'POST', body });

export function useCreateServiceFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceFolder,
    onSuccess: (_data, { serviceId }) => applyCacheEffect(queryClient, serviceInvalidation.detailChanged(serviceId)),
  });
}
