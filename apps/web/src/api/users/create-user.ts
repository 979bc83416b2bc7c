import type { BusinessUserCreate } from '@app/shared/schemas/businesses';
import type { UserCreate, UserResponse } from '@app/shared/schemas/users';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { userInvalidation } from './invalidation';

/** A staff user (Usuarios) or a company's client user ('Usuarios en empresa'): the same endpoint. */
export const createUser = (body: UserCreate | BusinessUserCreate) =>
  api<UserResponse>('/user', { method: 'POST', body });

export const useCreateUser = () => useInvalidatingMutation(createUser, ({ user }) => userInvalidation.written(user));
