import type { FeeTermsInput } from '@app/shared/schemas/billing';
import { expect } from 'vitest';
import { insertBusiness } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** A company with fee terms saved through the API as the owner; answers the company. */
export async function companyWithTerms(
  t: TestApp,
  token: string,
  terms: Partial<FeeTermsInput>,
  company: Parameters<typeof insertBusiness>[1] = {},
) {
  const business = await insertBusiness(t, company);
  const saved = await t.request({
    method: 'POST',
    url: `/api/billing/business/${business.id}/terms`,
    token,
    payload: {
      effectiveFrom: { year: 2026, month: 1 },
      currency: 'CLP',
      amount: '100.000',
      documentType: 'factura_afecta',
      billingDay: 5,
      paymentTermDays: 10,
      ...terms,
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return business;
}
