import type { Period } from '@app/shared/period';

/** Every document-request query starts with this. */
export const requestsQueryKey = ['requests'] as const;

export const requestKeys = {
  /** GET /api/requests?year&month: every request of a period (/solicitudes). */
  period: (period: Period) => [...requestsQueryKey, 'period', period.year, period.month] as const,
  /** GET /api/business/{businessId}/requests?year&month: one company's, on its documents page. */
  business: (businessId: number, period: Period) =>
    [...requestsQueryKey, 'business', businessId, period.year, period.month] as const,
  /** GET /api/my/requests: the signed-in client's. */
  mine: [...requestsQueryKey, 'mine'] as const,
  /** GET /api/requests/to-review: the badges. */
  toReview: [...requestsQueryKey, 'to-review'] as const,
  /** GET /api/service/{serviceId}/request-template. */
  templates: (serviceId: number) => [...requestsQueryKey, 'templates', serviceId] as const,
};
