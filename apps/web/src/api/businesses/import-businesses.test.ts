import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { serviceBusinessServicesQueryKey } from '../business-services/get-service-business-services';
import { serviceBusinessesQueryKey } from '../business-services/get-service-businesses';
import { credentialsQueryKey } from '../credentials/get-credentials';
import { groupQueryKey } from '../groups/get-group';
import { groupsQueryKey } from '../groups/get-groups';
import { monthlyBoardQueryKey } from '../monthly-states/get-monthly-board';
import { serviceQueryKey } from '../services/get-service';
import { servicesListQueryKey } from '../services/get-services';
import { taskBoardQueryKey } from '../tasks/get-task-board';
import { tasksQueryKey } from '../tasks/get-tasks';
import { usersQueryKey } from '../users/get-users';
import { businessQueryKey } from './get-business';
import { businessesQueryKey } from './get-businesses';
import { responsibleOptionsQueryKey } from './get-responsible-options';
import { confirmBusinessImportMutationOptions } from './import-businesses';

vi.mock('../documents/upload-files', () => ({
  postFiles: vi.fn(async () => ({ message: 'Se crearon 1 empresas y se actualizaron 1', created: 1, updated: 1 })),
}));

const period = { year: 2026, month: 5 };

/** What an import writes shows here: companies (new and updated), groups (new members), service links. */
const stale: QueryKey[] = [
  businessesQueryKey,
  businessQueryKey(7),
  groupsQueryKey,
  groupQueryKey(2),
  serviceBusinessServicesQueryKey(3),
  serviceBusinessesQueryKey(3),
  monthlyBoardQueryKey(period),
];

/** An import touches no user, service, credential or task. */
const untouched: QueryKey[] = [
  responsibleOptionsQueryKey,
  usersQueryKey,
  serviceQueryKey(3),
  servicesListQueryKey,
  credentialsQueryKey(7),
  tasksQueryKey,
  taskBoardQueryKey(period),
];

describe("confirming 'Importar empresas'", () => {
  it('refreshes the companies, their details, the groups, the services’ company lists and the boards, and no other', async () => {
    const queryClient = new QueryClient();
    for (const queryKey of [...stale, ...untouched]) queryClient.setQueryData(queryKey, { seeded: true });

    await queryClient
      .getMutationCache()
      .build(queryClient, confirmBusinessImportMutationOptions(queryClient))
      .execute({ file: new File(['x'], 'empresas.xlsx'), confirmedRenames: [] });

    for (const queryKey of stale) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(true);
    }
    for (const queryKey of untouched) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(false);
    }
  });
});
