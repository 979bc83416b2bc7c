import type { User } from '@app/shared/schemas/users';
import { type CacheEffect, combineEffects } from '../../lib/cache-effect';
import { businessQueryKey } from '../businesses/get-business';
import { businessInvalidation } from '../businesses/invalidation';
import { meQueryKey } from './get-me';
import { usersQueryKey } from './get-users';

/** What each change to a user touches in the cache. */
export const userInvalidation = {
  /** A client user is listed in their company's detail; a staff user in the users list. */
  written: (user: Pick<User, 'businessId'>): CacheEffect =>
    combineEffects(
      { invalidate: [user.businessId === null ? usersQueryKey : businessQueryKey(user.businessId)] },
      // A staff user is a company owner to choose ('Encargado'); made a client, their companies lose them.
      businessInvalidation.staffChanged(),
    ),
  /** The signed-in user changed: 'Mi perfil' too. */
  meWritten: (user: Pick<User, 'businessId'>): CacheEffect =>
    combineEffects({ invalidate: [meQueryKey] }, userInvalidation.written(user)),
};
