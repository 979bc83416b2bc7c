import type { AppModules } from '../compose-modules.ts';

/** The feature services the seeders go through, so the demo data obey the same rules as the API. */
export function demoServices(modules: AppModules) {
  return {
    users: modules.users,
    services: modules.services,
    businessServices: modules.businessServices,
    businesses: modules.businesses,
    credentials: modules.credentials,
    groups: modules.groups,
    monthlyStates: modules.monthlyStates,
    tasks: modules.tasks,
    taskBoard: modules.tasks,
    notes: modules.notes,
    documents: modules.documents,
    requests: modules.requests,
    itemUploads: modules.requests.itemUploads,
    email: modules.email,
    activity: modules.activity,
    billing: modules.billing,
    time: modules.time,
    approvals: modules.approvals,
    messages: modules.messages,
    firm: modules.firm,
    monthlyReport: modules.monthlyReport,
    dataProtection: modules.dataProtection,
  };
}

export type DemoServices = ReturnType<typeof demoServices>;
