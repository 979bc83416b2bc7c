import {
  type AnyPgColumn,
  boolean,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

// Owned by the services module (services.repository.ts). Other modules reach services, their states,
// folder templates and notifications through its functions (assertExists, listForMonth, listInOrder,
// listNamesInOrder, listStatesOf, listFolderTemplates, nameOf, notificationsDueOn, and the folder
// templates' years of retention through listFolderRetention and setFolderRetention). The requests
// module's queries still join services and folder templates (requests.repository.ts).

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  startMonthDay: integer('start_month_day').notNull(),
  lastMonthDay: integer('last_month_day').notNull(),
  order: integer('order').notNull().default(0),
  /** Day (1-31) of the month after the period when its work falls due; null: no due date. */
  dueDay: integer('due_day'),
  /** The same for companies that file and pay online (electronicFiling); null: dueDay applies. */
  dueDayElectronic: integer('due_day_electronic'),
  /** 'Se corre al día hábil siguiente' for dueDay: false keeps a weekend or holiday date where it falls. */
  dueDayShift: boolean('due_day_shift').notNull().default(true),
  /** The same for dueDayElectronic (Previred's online day 13 does not move). */
  dueDayElectronicShift: boolean('due_day_electronic_shift').notNull().default(true),
  /**
   * The tax catalogue entry it was loaded from ('f29', 'dj-1887'…), unique when set; null: the firm's
   * own. An annual one ('f22', 'dj-1887'…) takes its due date from that key's date in 'Calendario AT'.
   */
  catalogueKey: text('catalogue_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The states a company's service moves through each month; colour is one of the five palette hex values. */
export const serviceStates = pgTable('service_states', {
  id: serial('id').primaryKey(),
  serviceId: integer('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  color: text('color').notNull(),
  order: integer('order').notNull().default(0),
  pctProgress: integer('pct_progress').notNull().default(0),
  hasValue: boolean('has_value').notNull().default(false),
  showResume: boolean('show_resume').notNull().default(false),
});

/** Folder templates: a tree per service (parentFolderId null = top level). */
export const serviceFolders = pgTable('service_folders', {
  id: serial('id').primaryKey(),
  serviceId: integer('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  parentFolderId: integer('parent_folder_id').references((): AnyPgColumn => serviceFolders.id, {
    onDelete: 'cascade',
  }),
  name: varchar('name', { length: 255 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** 'El cliente puede subir': a client may upload into this folder of their company. */
  clientCanUpload: boolean('client_can_upload').notNull().default(false),
  /**
   * 'Años de conservación': its companies' files are kept this many years after the month their
   * period falls due, then proposed for deletion ('Protección de datos' → 'Retención'). Six by
   * default, the Código Tributario's term.
   */
  retentionYears: smallint('retention_years').notNull().default(6),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const serviceNotifications = pgTable('service_notifications', {
  id: serial('id').primaryKey(),
  serviceId: integer('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  day: integer('day').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
});

/** One row per service; a new service has all twelve months on. */
export const serviceMonthsActive = pgTable('service_months_active', {
  serviceId: integer('service_id')
    .primaryKey()
    .references(() => services.id, { onDelete: 'cascade' }),
  jan: boolean('jan').notNull().default(true),
  feb: boolean('feb').notNull().default(true),
  mar: boolean('mar').notNull().default(true),
  apr: boolean('apr').notNull().default(true),
  may: boolean('may').notNull().default(true),
  jun: boolean('jun').notNull().default(true),
  jul: boolean('jul').notNull().default(true),
  aug: boolean('aug').notNull().default(true),
  sep: boolean('sep').notNull().default(true),
  oct: boolean('oct').notNull().default(true),
  nov: boolean('nov').notNull().default(true),
  dec: boolean('dec').notNull().default(true),
});
