import { type CacheEffect, combineEffects } from '../../lib/cache-effect';
import { businessServiceInvalidation } from '../business-services/invalidation';
import { credentialInvalidation } from '../credentials/invalidation';
import { documentInvalidation } from '../documents/invalidation';
import { emailInvalidation } from '../email/invalidation';
import { groupDetailsQueryKey } from '../groups/get-group';
import { groupsQueryKey } from '../groups/get-groups';
import { groupInvalidation } from '../groups/invalidation';
import { monthlyBoardsQueryKey } from '../monthly-states/get-monthly-board';
import { monthlyStateInvalidation } from '../monthly-states/invalidation';
import { taskInvalidation } from '../tasks/invalidation';
import { whatsappInvalidation } from '../whatsapp/invalidation';
import { businessDetailsQueryKey, businessQueryKey } from './get-business';
import { businessesQueryKey } from './get-businesses';
import { responsibleOptionsQueryKey } from './get-responsible-options';

/** What each change to a company touches in the cache; a delete follows the database's cascades. */
export const businessInvalidation = {
  /** The companies list (and so every group's detail) and every service's 'Empresas' rows. */
  created: (): CacheEffect =>
    combineEffects({ invalidate: [businessesQueryKey] }, businessServiceInvalidation.businessCreated()),
  /**
   * Name and RUT also show on the services' company lists; its 'Seguimiento desde' decides which
   * months of both boards show its cells as 'N/A'.
   */
  updated: (businessId: number): CacheEffect =>
    combineEffects(
      { invalidate: [businessesQueryKey, businessQueryKey(businessId)] },
      businessServiceInvalidation.businessChanged(),
      monthlyStateInvalidation.cellsDeleted(),
      taskInvalidation.businessesChanged(),
    ),
  /**
   * 'Importar empresas' created and updated companies at once, with their groups (some
   * new) and their services' start months: the list and every detail, every group, every service's
   * company rows and every month's board (a new link adds the company's cells).
   */
  imported: (): CacheEffect =>
    combineEffects(
      { invalidate: [businessesQueryKey, businessDetailsQueryKey, groupsQueryKey, groupDetailsQueryKey] },
      businessServiceInvalidation.businessChanged(),
      { invalidate: [monthlyBoardsQueryKey] },
    ),
  /**
   * A staff user created, renamed, deleted or made a client: the owners to choose from change, and
   * deleting or demoting one empties the 'Encargado' of their companies (list and details).
   */
  staffChanged: (): CacheEffect => ({
    invalidate: [responsibleOptionsQueryKey, businessesQueryKey, businessDetailsQueryKey],
  }),
  /**
   * The rows that reference businesses ON DELETE CASCADE go with it: its service links, credentials,
   * group memberships, folders and files, monthly states, tasks' companies and task states, and its
   * client users (listed only in its own detail, dropped here), its WhatsApp number and sends; the
   * e-mail log loses its name (SET NULL).
   */
  deleted: (businessId: number): CacheEffect =>
    combineEffects(
      { remove: [businessQueryKey(businessId)], invalidate: [businessesQueryKey] },
      businessServiceInvalidation.businessChanged(),
      credentialInvalidation.businessDeleted(businessId),
      groupInvalidation.businessDeleted(),
      documentInvalidation.businessDeleted(businessId),
      monthlyStateInvalidation.cellsDeleted(),
      taskInvalidation.businessDeleted(),
      emailInvalidation.businessDeleted(),
      whatsappInvalidation.businessDeleted(businessId),
    ),
};
