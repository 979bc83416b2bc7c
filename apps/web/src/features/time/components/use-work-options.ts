import { compareNames } from '@app/shared/collator';
import { useMemo } from 'react';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import { useServices } from '../../../api/services/get-services';

/** The companies (by name) and services a time entry may name, as select options. */
export function useWorkOptions(enabled = true) {
  const businesses = useBusinesses();
  const services = useServices();
  const companyOptions = useMemo(
    () =>
      enabled
        ? [...(businesses.data ?? [])]
            .sort((a, b) => compareNames(a.name, b.name))
            .map((business) => ({ value: String(business.id), label: business.name }))
        : [],
    [businesses.data, enabled],
  );
  const serviceOptions = useMemo(
    () => (services.data ?? []).map((service) => ({ value: String(service.id), label: service.name })),
    [services.data],
  );
  return { companyOptions, serviceOptions, loading: businesses.isLoading || services.isLoading };
}
