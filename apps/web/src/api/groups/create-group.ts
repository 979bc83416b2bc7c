import type { GroupCreate, GroupResponse } from '@app/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { groupInvalidation } from './invalidation';

export const createGroup = (body: GroupCreate) => api<GroupResponse>('/business-group', { method: 'POST', body });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => applyCacheEffect(queryClient, groupInvalidation.written()),
  });
}
