// Every table of the database in one list: drizzle-kit reads it (drizzle.config.ts) to compare the
// schema with the migrations, and the backup module may import it. A module reaches another module's
// tables through that module's functions, never through this file. A new module's `*.tables.ts` is
// added here (schema-barrel.test.ts checks that none is missing).

// Each module's tables, in the module that owns them.
export * from '../../modules/approvals/approvals.tables.ts';
export * from '../../modules/auth/auth.tables.ts';
export * from '../../modules/backup/backup.tables.ts';
export * from '../../modules/billing/billing.tables.ts';
export * from '../../modules/business-services/business-services.tables.ts';
export * from '../../modules/businesses/businesses.tables.ts';
export * from '../../modules/calendar/calendar.tables.ts';
export * from '../../modules/credentials/credentials.tables.ts';
export * from '../../modules/data-protection/data-protection.tables.ts';
export * from '../../modules/data-subjects/data-subjects.tables.ts';
export * from '../../modules/documents/documents.tables.ts';
export * from '../../modules/email/email.tables.ts';
export * from '../../modules/files-at-rest/files-at-rest.tables.ts';
export * from '../../modules/firm/firm.tables.ts';
export * from '../../modules/groups/groups.tables.ts';
export * from '../../modules/holidays/holidays.tables.ts';
export * from '../../modules/messages/messages.tables.ts';
export * from '../../modules/monthly-report/monthly-report.tables.ts';
export * from '../../modules/monthly-states/monthly-states.tables.ts';
export * from '../../modules/notes/notes.tables.ts';
export * from '../../modules/push/push.tables.ts';
export * from '../../modules/requests/requests.tables.ts';
export * from '../../modules/scheduler/scheduler.tables.ts';
export * from '../../modules/second-factor/second-factor.tables.ts';
export * from '../../modules/services/services.tables.ts';
export * from '../../modules/sessions/sessions.tables.ts';
export * from '../../modules/tasks/tasks.tables.ts';
export * from '../../modules/tax-calendar/tax-calendar.tables.ts';
export * from '../../modules/time/time.tables.ts';
export * from '../../modules/users/users.tables.ts';
export * from '../../modules/whatsapp/whatsapp.tables.ts';
// The platform's own tables, written by the infrastructure every module uses.
export * from './activity.ts';
export * from './idempotency.ts';
export * from './key-fingerprints.ts';
