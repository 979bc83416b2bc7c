import type { BillingMonth } from '@app/shared/schemas/billing';

/** The query keys of 'Honorarios y cobranza', under one prefix. */
export const billingKeys = {
  all: ['billing'] as const,
  terms: (businessId: number) => ['billing', 'terms', businessId] as const,
  extras: (businessId: number) => ['billing', 'extras', businessId] as const,
  ufAll: ['billing', 'uf'] as const,
  uf: ({ year, month }: BillingMonth) => ['billing', 'uf', year, month] as const,
  chargesAll: ['billing', 'charges'] as const,
  charges: ({ year, month }: BillingMonth) => ['billing', 'charges', year, month] as const,
};
