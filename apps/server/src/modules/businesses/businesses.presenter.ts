import type { Business, BusinessDetail } from '@app/shared/schemas/businesses';
import type { CredentialSummary } from '@app/shared/schemas/credentials';
import type { BusinessServiceOfBusiness } from '@app/shared/schemas/services';
import type { User } from '@app/shared/schemas/users';
import type { TaxRegime } from '@app/shared/tax-catalogue';
import type { BusinessRow } from './businesses.repository.ts';

export function presentBusiness(row: BusinessRow): Business {
  return {
    id: row.id,
    name: row.name,
    razonSocial: row.razonSocial,
    rut: row.rut,
    startContract: row.startContract,
    endContract: row.endContract,
    legalRepresentative: row.legalRepresentative,
    contact: row.contact,
    electronicFiling: row.electronicFiling,
    responsibleUserId: row.responsibleUserId,
    taxRegime: (row.taxRegime as TaxRegime | null) ?? null,
    hasEmployees: row.hasEmployees,
    vatDeferred: row.vatDeferred,
    trackingSince: row.trackingSince,
  };
}

/** The company detail: already-presented links, client users and credential summaries (no passwords). */
export function presentBusinessDetail(
  row: BusinessRow,
  related: { services: BusinessServiceOfBusiness[]; users: User[]; passwords: CredentialSummary[] },
): BusinessDetail {
  return { ...presentBusiness(row), ...related };
}
