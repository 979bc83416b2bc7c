import type { Period } from '@app/shared/period';
import type { NotifyClientResponseSchema } from '@app/shared/schemas/documents';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

export type NotifyClientResponse = z.infer<typeof NotifyClientResponseSchema>;

/** POST /api/business/{businessId}/folder/year/{year}/month/{month}/notify ('Avisar al cliente'). */
export const notifyClient = ({ businessId, period }: { businessId: number; period: Period }) =>
  api<NotifyClientResponse>(`/business/${businessId}/folder/year/${period.year}/month/${period.month}/notify`, {
    method: 'POST',
  });

export const useNotifyClient = () => useMutation({ mutationFn: notifyClient });
