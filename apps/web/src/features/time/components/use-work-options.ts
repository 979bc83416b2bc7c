import { compareNames } from '@app/shared/collator';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { businessesQueryOptions } from '../../../api/businesses/get-businesses';
import { servicesQueryOptions } from '../../../api/services/get-services';

/**
 * The companies (by name) and services a time entry may name, as select options. Asked for only
 * while `enabled`: the header's timer asks when its form opens, not on every page.
 */
export function useWorkOptions(enabled = true) {
  const businesses = useQuery({ ...businessesQueryOptions(), enabled });
  const services = useQuery({ ...servicesQueryOptions(), enabled });
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
