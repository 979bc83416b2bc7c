import type { ReviewItem, ReviewItemResponseSchema } from '@app/shared/schemas/requests';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { requestInvalidation } from './invalidation';

export type ReviewItemResponse = z.infer<typeof ReviewItemResponseSchema>;

/** PUT /api/request-item/{id}: 'Marcar recibido', 'Pedir de nuevo' (comment, the client is e-mailed), 'Volver a pendiente'. */
export const reviewItem = ({ id, ...body }: ReviewItem & { id: number }) =>
  api<ReviewItemResponse>(`/request-item/${id}`, { method: 'PUT', body });

export const useReviewItem = () => useInvalidatingMutation(reviewItem, () => requestInvalidation.requestsChanged());
