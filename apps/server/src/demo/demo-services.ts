import type { AppModules } from '../compose-modules.ts';

/** The feature services the seeders go through, so the demo data obey the same rules as the API. */
export function demoServices(modules: AppModules) {
  return {
    users: modules.users.users,
    services: modules.services.services,
    businessServices: modules.businessServices.businessServices,
    businesses: modules.businesses.businesses,
    credentials: modules.credentials.credentials,
    groups: modules.groups.groups,
    monthlyStates: modules.monthlyStates.monthlyStates,
    tasks: modules.tasks.tasks,
    taskBoard: modules.tasks.taskBoard,
    notes: modules.notes.notes,
    documents: modules.documents.documents,
    requests: modules.requests.requests,
    itemUploads: modules.requests.itemUploads,
    email: modules.email.email,
    activity: modules.activity.activity,
  };
}

export type DemoServices = ReturnType<typeof demoServices>;
