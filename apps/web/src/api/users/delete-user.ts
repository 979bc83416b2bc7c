import type { MessageResponse } from '@app/shared/errors';
import type { User } from '@app/shared/schemas/users';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { userInvalidation } from './invalidation';

/** A staff user or a company's client user; `businessId` says which list shows them. */
export const deleteUser = ({ id }: Pick<User, 'id' | 'businessId'>) =>
  api<MessageResponse>(`/user/${id}`, { method: 'DELETE' });

export const useDeleteUser = () => useInvalidatingMutation(deleteUser, (_data, user) => userInvalidation.written(user));
