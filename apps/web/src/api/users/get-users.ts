import type { UserList } from '@app/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The staff users (owners and collaborators); a company's client users come with its detail. */
export const usersQueryKey = ['users', 'list'] as const;

export const getUsers = () => api<UserList>('/user');

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions());
