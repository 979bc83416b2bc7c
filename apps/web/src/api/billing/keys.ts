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
  collectionsAll: ['billing', 'collections'] as const,
  collections: (query: object) => ['billing', 'collections', query] as const,
  overdueIds: ['billing', 'collections', 'overdue-ids'] as const,
  paymentsAll: ['billing', 'payments'] as const,
  payments: (query: object) => ['billing', 'payments', query] as const,
  cartolaLines: ['billing', 'cartola', 'lines'] as const,
  statementsAll: ['billing', 'statement'] as const,
  statement: (businessId: number) => ['billing', 'statement', businessId] as const,
  settings: ['billing', 'settings'] as const,
};
