import type { BusinessDetail } from '@app/shared/schemas/businesses';
import type { CredentialSummary } from '@app/shared/schemas/credentials';
import type { BusinessServiceOfBusiness } from '@app/shared/schemas/services';
import type { User } from '@app/shared/schemas/users';
import { presentBusinessDetail } from './businesses.presenter.ts';
import type { BusinessRow } from './businesses.repository.ts';

/** What the company page gathers from the other features. */
interface Deps {
  getBusiness(id: number): Promise<BusinessRow>;
  listServiceLinks(businessId: number): Promise<BusinessServiceOfBusiness[]>;
  listClientUsers(businessId: number): Promise<User[]>;
  listCredentials(businessId: number): Promise<CredentialSummary[]>;
}

/**
 * GET /api/business/{id}: the company with its service links, client users and credentials
 * (without passwords). Kept apart from the companies service, which the other features depend on,
 * so that the features it reads from can be built before it.
 */
export function createBusinessDetailReader(deps: Deps) {
  return async function getDetail(id: number): Promise<BusinessDetail> {
    const row = await deps.getBusiness(id);
    const [services, users, passwords] = await Promise.all([
      deps.listServiceLinks(id),
      deps.listClientUsers(id),
      deps.listCredentials(id),
    ]);
    return presentBusinessDetail(row, { services, users, passwords });
  };
}

export type BusinessDetailReader = ReturnType<typeof createBusinessDetailReader>;
