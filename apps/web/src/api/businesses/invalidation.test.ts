import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { serviceBusinessServicesQueryKey } from '../business-services/get-service-business-services';
import { serviceBusinessesQueryKey } from '../business-services/get-service-businesses';
import { calendarEventsRangeQueryKey } from '../calendar/get-calendar-events';
import { credentialsQueryKey } from '../credentials/get-credentials';
import { fileDownloadsQueryKey } from '../documents/get-file-downloads';
import { folderViewQueryKey } from '../documents/get-folder-view';
import { emailLogPageQueryKey } from '../email/get-email-log';
import { groupQueryKey } from '../groups/get-group';
import { groupsQueryKey } from '../groups/get-groups';
import { monthlyBoardQueryKey } from '../monthly-states/get-monthly-board';
import { stateHistoryQueryKey } from '../monthly-states/get-state-history';
import { serviceQueryKey } from '../services/get-service';
import { servicesListQueryKey } from '../services/get-services';
import { taskQueryKey } from '../tasks/get-task';
import { taskBoardQueryKey } from '../tasks/get-task-board';
import { tasksQueryKey } from '../tasks/get-tasks';
import { meQueryKey } from '../users/get-me';
import { usersQueryKey } from '../users/get-users';
import { whatsappKeys } from '../whatsapp/invalidation';
import { deleteBusinessMutationOptions } from './delete-business';
import { businessQueryKey } from './get-business';
import { businessesQueryKey } from './get-businesses';

vi.mock('../../lib/api-client', () => ({ api: vi.fn(async () => ({ message: 'Empresa eliminada' })) }));

const deleted = 7;
const other = 8;
const period = { year: 2026, month: 5 };

/** Entries of what went with the company (ON DELETE CASCADE): they name it and can only be dropped. */
const gone: QueryKey[] = [
  businessQueryKey(deleted),
  credentialsQueryKey(deleted),
  folderViewQueryKey({ businessId: deleted, folderId: null, period }),
  whatsappKeys.contact(deleted),
];

/** Entries that list the company or rows that cascaded from it. */
const stale: QueryKey[] = [
  businessesQueryKey,
  serviceBusinessServicesQueryKey(3),
  serviceBusinessesQueryKey(3),
  groupsQueryKey,
  groupQueryKey(2),
  monthlyBoardQueryKey(period),
  stateHistoryQueryKey({ ...period, businessId: deleted, serviceId: 3 }),
  taskQueryKey(4),
  taskBoardQueryKey(period),
  emailLogPageQueryKey({ page: 1, businessId: null }),
  whatsappKeys.status,
];

/** Entries the delete cannot reach. */
const untouched: QueryKey[] = [
  businessQueryKey(other),
  credentialsQueryKey(other),
  folderViewQueryKey({ businessId: other, folderId: null, period }),
  whatsappKeys.contact(other),
  fileDownloadsQueryKey(9),
  serviceQueryKey(3),
  servicesListQueryKey,
  tasksQueryKey,
  usersQueryKey,
  meQueryKey,
  calendarEventsRangeQueryKey({ timeMin: '2026-05-01', timeMax: '2026-05-08' }),
];

describe('deleting a company', () => {
  it('drops its own entries and refreshes every one the database cascade reaches, and no other', async () => {
    const queryClient = new QueryClient();
    for (const queryKey of [...gone, ...stale, ...untouched]) queryClient.setQueryData(queryKey, { seeded: true });

    await queryClient
      .getMutationCache()
      .build(queryClient, deleteBusinessMutationOptions(queryClient))
      .execute(deleted);

    for (const queryKey of gone) expect(queryClient.getQueryState(queryKey), JSON.stringify(queryKey)).toBeUndefined();
    for (const queryKey of stale) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(true);
    }
    for (const queryKey of untouched) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(false);
    }
  });
});
