import type { User } from '@app/shared/schemas/users';
import type { QueryClient } from '@tanstack/react-query';
import { businessQueryKey } from '../businesses/get-business';
import { usersQueryKey } from './get-users';

/** A client user is listed in their company's detail; a staff user in the users list. */
export const invalidateUserLists = (queryClient: QueryClient, user: Pick<User, 'businessId'>) =>
  queryClient.invalidateQueries({
    queryKey: user.businessId === null ? usersQueryKey : businessQueryKey(user.businessId),
  });
