import type { CatalogueList, CatalogueLoad, CatalogueLoadResponse } from '@app/shared/schemas/tax-catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { servicesQueryKey } from './get-services';
import { serviceInvalidation } from './invalidation';

/** Under the services prefix: any service change refreshes the catalogue's statuses. */
export const taxCatalogueQueryKey = [...servicesQueryKey, 'catalogue'] as const;

export const getTaxCatalogue = () => api<CatalogueList>('/service/catalogue');

/** 'Cargar obligaciones del SII' (owners): each entry new, loaded or changed, with its differences. */
export const useTaxCatalogue = (enabled = true) =>
  useQuery(queryOptions({ queryKey: taxCatalogueQueryKey, queryFn: getTaxCatalogue, enabled }));

export const loadTaxCatalogue = (body: CatalogueLoad) =>
  api<CatalogueLoadResponse>('/service/catalogue/load', { method: 'POST', body });

/** New services: the list, the catalogue and every company detail (which lists every service). */
export const useLoadTaxCatalogue = () => useInvalidatingMutation(loadTaxCatalogue, () => serviceInvalidation.written());
