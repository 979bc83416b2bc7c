import type { ResponsibleOptionList } from '@app/shared/schemas/businesses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The staff a company may be given as its owner ('Encargado'): the company form and the list's filter. */
export const responsibleOptionsQueryKey = ['businesses', 'responsible-options'] as const;

export const getResponsibleOptions = () => api<ResponsibleOptionList>('/business/responsible-options');

export const responsibleOptionsQueryOptions = () =>
  queryOptions({ queryKey: responsibleOptionsQueryKey, queryFn: getResponsibleOptions });

export const useResponsibleOptions = () => useQuery(responsibleOptionsQueryOptions());
