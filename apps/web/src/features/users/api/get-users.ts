import type { User } from '@app/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const usersQueryKey = ['users'] as const;

export const getUsers = () => api<User[]>('/user');

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions());
