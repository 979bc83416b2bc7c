import { calendarDate, INT4_MAX, idField, plainText } from '../fields.ts';
import { msg } from '../messages.ts';
import { servicesMsg } from '../messages-services.ts';
import { z } from '../zod-setup.ts';

/** The five state colours a service state may take; the hex value is what is stored. */
export const SERVICE_COLORS = [
  { id: 1, name: 'Verde', hex: '#2ECC71' },
  { id: 2, name: 'Amarillo', hex: '#F1C40F' },
  { id: 3, name: 'Rojo', hex: '#E74C3C' },
  { id: 4, name: 'Azul', hex: '#3498DB' },
  { id: 5, name: 'Morado', hex: '#9B59B6' },
] as const;
export const SERVICE_COLOR_HEXES = ['#2ECC71', '#F1C40F', '#E74C3C', '#3498DB', '#9B59B6'] as const;
export type ServiceColor = (typeof SERVICE_COLOR_HEXES)[number];

// The months live in months.ts (the activity log names month fields too); kept here for the services' importers.
export { MONTH_KEYS, MONTH_NAMES, type MonthKey } from '../months.ts';

/** 'Activar todo' start date. */
export const BULK_ACTIVATION_START_DATE = '2021-01-01';

// ---------------------------------------------------------------- field builders

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

/** A required, trimmed text: 'Campo requerido' when missing or blank. */
const requiredText = (max: number, maxMessage: string) =>
  plainText(servicesMsg.required).trim().min(1, servicesMsg.required).max(max, maxMessage);

/** An integer field: 'Campo requerido' when empty, `typeMessage` when not an integer number; within int4. */
const integerField = (typeMessage: string) =>
  z
    .number({ error: (issue) => (isBlank(issue.input) ? servicesMsg.required : typeMessage) })
    .int(typeMessage)
    .max(INT4_MAX, msg.numberTooLarge);

const monthDay = integerField(servicesMsg.integer).min(1, servicesMsg.monthDayRange).max(31, servicesMsg.monthDayRange);

const requiredBoolean = z.boolean({ error: servicesMsg.required });

/**
 * A due day: 1-31, or empty (null, '' from the form) for none. Absent on an update keeps
 * the stored one. A day past the month's end means its last day.
 */
const dueDay = z
  .union(
    [
      z.literal('').transform(() => null),
      z.null(),
      z
        .number({ error: servicesMsg.integer })
        .int(servicesMsg.integer)
        .min(1, servicesMsg.monthDayRange)
        .max(31, servicesMsg.monthDayRange),
    ],
    { error: servicesMsg.integer },
  )
  .optional();

/** A calendar date `YYYY-MM-DD`, without a time zone. */
export const CalendarDateSchema = calendarDate(servicesMsg.required, servicesMsg.invalidDate);

// ---------------------------------------------------------------- services

/** The service form: name, start and last day of the month (1-31) and order (0 or more). */
export const ServiceCreateSchema = z.object({
  name: requiredText(255, servicesMsg.nameMax),
  startMonthDay: monthDay,
  lastMonthDay: monthDay,
  order: integerField(servicesMsg.integer).min(0, servicesMsg.orderPositive).default(0),
  dueDay,
  dueDayElectronic: dueDay,
  /** 'Se corre al día hábil siguiente' of each due day; absent keeps the stored one (true on a new service). */
  dueDayShift: z.boolean({ error: servicesMsg.required }).optional(),
  dueDayElectronicShift: z.boolean({ error: servicesMsg.required }).optional(),
});
export type ServiceCreate = z.input<typeof ServiceCreateSchema>;
export const ServiceUpdateSchema = ServiceCreateSchema;
export type ServiceUpdate = z.input<typeof ServiceUpdateSchema>;

export const ServiceListQuerySchema = z.object({ orderBy: z.enum(['order', 'name']).optional() });
export type ServiceListQuery = z.input<typeof ServiceListQuerySchema>;

// ---------------------------------------------------------------- states

/** The service state form: order 0 or more, progress 0 to 100. */
export const ServiceStateCreateSchema = z.object({
  name: requiredText(255, servicesMsg.nameMax),
  color: z.enum(SERVICE_COLOR_HEXES, {
    error: (issue) => (isBlank(issue.input) ? servicesMsg.required : servicesMsg.invalidColor),
  }),
  order: integerField(servicesMsg.integer).min(0, servicesMsg.stateOrderMin),
  pctProgress: integerField(servicesMsg.integer).min(0, servicesMsg.pctMin).max(100, servicesMsg.pctMax),
  hasValue: requiredBoolean,
  showResume: requiredBoolean,
});
export type ServiceStateCreate = z.input<typeof ServiceStateCreateSchema>;
export const ServiceStateUpdateSchema = ServiceStateCreateSchema;
export type ServiceStateUpdate = z.input<typeof ServiceStateUpdateSchema>;

export const ServiceStateSchema = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  name: z.string(),
  color: z.string(),
  order: z.number().int(),
  pctProgress: z.number().int(),
  hasValue: z.boolean(),
  showResume: z.boolean(),
});
export type ServiceState = z.infer<typeof ServiceStateSchema>;

// ---------------------------------------------------------------- folders

/** A folder template; `parentFolderId` names another folder of the same service (subfolder). */
export const ServiceFolderCreateSchema = z.object({
  name: requiredText(255, servicesMsg.nameMax),
  isActive: z.boolean().default(true),
  /** 'El cliente puede subir': clients of a company may upload into its folders made from this template. */
  clientCanUpload: z.boolean().default(false),
  parentFolderId: idField(servicesMsg.parentFolderNotFound).nullable().optional(),
});
export type ServiceFolderCreate = z.input<typeof ServiceFolderCreateSchema>;

export const ServiceFolderUpdateSchema = z.object({
  name: requiredText(255, servicesMsg.nameMax),
  isActive: z.boolean().optional(),
  clientCanUpload: z.boolean().optional(),
});
export type ServiceFolderUpdate = z.input<typeof ServiceFolderUpdateSchema>;

/** A folder without its subfolders (create/update answers). */
export const ServiceFolderSchema = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  parentFolderId: z.number().int().nullable(),
  name: z.string(),
  isActive: z.boolean(),
  clientCanUpload: z.boolean(),
});
export type ServiceFolder = z.infer<typeof ServiceFolderSchema>;

/** A folder with its subfolders, recursively (the service detail's tree). */
export type ServiceFolderNode = ServiceFolder & { subfolders: ServiceFolderNode[] };
export const ServiceFolderNodeSchema: z.ZodType<ServiceFolderNode> = z
  .lazy(() => ServiceFolderSchema.extend({ subfolders: z.array(ServiceFolderNodeSchema) }))
  .meta({ id: 'ServiceFolderNode' });

// ---------------------------------------------------------------- notifications

export const ServiceNotificationCreateSchema = z.object({
  day: z
    .number({ error: servicesMsg.notificationDay })
    .int(servicesMsg.notificationDay)
    .min(1, servicesMsg.notificationDay)
    .max(31, servicesMsg.notificationDay),
  subject: requiredText(255, servicesMsg.subjectMax),
  message: requiredText(20_000, servicesMsg.required),
});
export type ServiceNotificationCreate = z.input<typeof ServiceNotificationCreateSchema>;
export const ServiceNotificationUpdateSchema = ServiceNotificationCreateSchema;
export type ServiceNotificationUpdate = z.input<typeof ServiceNotificationUpdateSchema>;

export const ServiceNotificationSchema = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  day: z.number().int(),
  subject: z.string(),
  message: z.string(),
});
export type ServiceNotification = z.infer<typeof ServiceNotificationSchema>;

// ---------------------------------------------------------------- months active

export const ServiceMonthsActiveSchema = z.object({
  jan: requiredBoolean,
  feb: requiredBoolean,
  mar: requiredBoolean,
  apr: requiredBoolean,
  may: requiredBoolean,
  jun: requiredBoolean,
  jul: requiredBoolean,
  aug: requiredBoolean,
  sep: requiredBoolean,
  oct: requiredBoolean,
  nov: requiredBoolean,
  dec: requiredBoolean,
});
export type ServiceMonthsActive = z.infer<typeof ServiceMonthsActiveSchema>;
export const ServiceMonthsActiveUpdateSchema = ServiceMonthsActiveSchema;
export type ServiceMonthsActiveUpdate = z.input<typeof ServiceMonthsActiveUpdateSchema>;

// ---------------------------------------------------------------- responses

export const ServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startMonthDay: z.number().int(),
  lastMonthDay: z.number().int(),
  order: z.number().int(),
  /** Day of the month after the period when its work falls due, or null. */
  dueDay: z.number().int().nullable(),
  /** The same for companies that file online; null: dueDay applies to them too. */
  dueDayElectronic: z.number().int().nullable(),
  /** Whether a due date on a weekend or holiday moves to the next business day, per due day. */
  dueDayShift: z.boolean(),
  dueDayElectronicShift: z.boolean(),
  /** The tax catalogue entry it was loaded from, or null. */
  catalogueKey: z.string().nullable(),
});
export type Service = z.infer<typeof ServiceSchema>;

/** A row of GET /api/service: the service with its states by order. */
export const ServiceListItemSchema = ServiceSchema.extend({ states: z.array(ServiceStateSchema) });
export type ServiceListItem = z.infer<typeof ServiceListItemSchema>;
export const ServiceListSchema = z.array(ServiceListItemSchema);
export type ServiceList = z.infer<typeof ServiceListSchema>;

/** GET /api/service/{id}: states by order, the folder tree, notifications by day, months active. */
export const ServiceDetailSchema = ServiceListItemSchema.extend({
  folders: z.array(ServiceFolderNodeSchema),
  notifications: z.array(ServiceNotificationSchema),
  monthsActive: ServiceMonthsActiveSchema,
});
export type ServiceDetail = z.infer<typeof ServiceDetailSchema>;
export const ServiceDetailResponseSchema = z.object({ service: ServiceDetailSchema });
export type ServiceDetailResponse = z.infer<typeof ServiceDetailResponseSchema>;

export const ServiceResponseSchema = z.object({ message: z.string(), service: ServiceListItemSchema });
export type ServiceResponse = z.infer<typeof ServiceResponseSchema>;
export const ServiceStateResponseSchema = z.object({ message: z.string(), state: ServiceStateSchema });
export type ServiceStateResponse = z.infer<typeof ServiceStateResponseSchema>;
export const ServiceFolderResponseSchema = z.object({ message: z.string(), folder: ServiceFolderSchema });
export type ServiceFolderResponse = z.infer<typeof ServiceFolderResponseSchema>;
export const ServiceNotificationResponseSchema = z.object({
  message: z.string(),
  notification: ServiceNotificationSchema,
});
export type ServiceNotificationResponse = z.infer<typeof ServiceNotificationResponseSchema>;
export const ServiceMonthsActiveResponseSchema = z.object({
  message: z.string(),
  monthsActive: ServiceMonthsActiveSchema,
});
export type ServiceMonthsActiveResponse = z.infer<typeof ServiceMonthsActiveResponseSchema>;

// ---------------------------------------------------------------- company links

/** The company-service link: active or not, from its start date. */
export const BusinessServiceSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  serviceId: z.number().int(),
  active: z.boolean(),
  startDate: z.string(),
});
export type BusinessService = z.infer<typeof BusinessServiceSchema>;

/**
 * One row per service as a company sees it (company detail, 'Servicios en empresa'): every
 * service, linked or not; `id` and `startDate` are null when the company never had it.
 */
export const BusinessServiceOfBusinessSchema = z.object({
  id: z.number().int().nullable(),
  businessId: z.number().int(),
  serviceId: z.number().int(),
  active: z.boolean(),
  startDate: z.string().nullable(),
  service: z.object({ id: z.number().int(), name: z.string(), catalogueKey: z.string().nullable() }),
});
export type BusinessServiceOfBusiness = z.infer<typeof BusinessServiceOfBusinessSchema>;

/** One row per company as a service sees it (service detail, 'Empresas'): every company, linked or not. */
export const BusinessServiceOfServiceSchema = z.object({
  id: z.number().int().nullable(),
  businessId: z.number().int(),
  serviceId: z.number().int(),
  active: z.boolean(),
  startDate: z.string().nullable(),
  business: z.object({ id: z.number().int(), name: z.string(), rut: z.string() }),
});
export type BusinessServiceOfService = z.infer<typeof BusinessServiceOfServiceSchema>;
export const BusinessServiceOfServiceListSchema = z.array(BusinessServiceOfServiceSchema);
export type BusinessServiceOfServiceList = z.infer<typeof BusinessServiceOfServiceListSchema>;

/** A company that has the service (the delete modal's list). */
export const ServiceBusinessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rut: z.string(),
  active: z.boolean(),
  startDate: z.string(),
});
export type ServiceBusiness = z.infer<typeof ServiceBusinessSchema>;
export const ServiceBusinessListSchema = z.array(ServiceBusinessSchema);
export type ServiceBusinessList = z.infer<typeof ServiceBusinessListSchema>;

/** 'Activar' on a company: creates the link, or reactivates it with the new start date. */
export const BusinessServiceCreateSchema = z.object({
  serviceId: idField(servicesMsg.serviceNotFound),
  startDate: CalendarDateSchema,
});
export type BusinessServiceCreate = z.input<typeof BusinessServiceCreateSchema>;

/** 'Editar' / 'Desactivar' on a company, or the service detail's switch and date. */
export const BusinessServiceUpdateSchema = z
  .object({ active: z.boolean().optional(), startDate: CalendarDateSchema.optional() })
  .refine((value) => value.active !== undefined || value.startDate !== undefined, {
    message: servicesMsg.required,
    path: ['startDate'],
  });
export type BusinessServiceUpdate = z.input<typeof BusinessServiceUpdateSchema>;

/** 'Activar todo' (active true, start date default 2021-01-01) / 'Desactivar todo' (active false). */
export const BusinessServiceAllUpdateSchema = z.object({
  active: requiredBoolean,
  startDate: CalendarDateSchema.optional(),
});
export type BusinessServiceAllUpdate = z.input<typeof BusinessServiceAllUpdateSchema>;

export const BusinessServiceResponseSchema = z.object({
  message: z.string(),
  businessService: BusinessServiceSchema,
});
export type BusinessServiceResponse = z.infer<typeof BusinessServiceResponseSchema>;
export const BusinessServiceAllUpdateResponseSchema = z.object({
  message: z.string(),
  businessServices: BusinessServiceOfServiceListSchema,
});
export type BusinessServiceAllUpdateResponse = z.infer<typeof BusinessServiceAllUpdateResponseSchema>;

/**
 * 'Activar' of the obligations suggested by a company's tax profile: links these services to the
 * company from the start date, in one transaction (a link that exists is reactivated from that date).
 */
export const BusinessServiceActivateManySchema = z.object({
  serviceIds: z
    .array(idField(servicesMsg.serviceNotFound), { error: servicesMsg.required })
    .min(1, servicesMsg.required)
    .max(200, servicesMsg.required),
  startDate: CalendarDateSchema,
});
export type BusinessServiceActivateMany = z.input<typeof BusinessServiceActivateManySchema>;
export const BusinessServiceActivateManyResponseSchema = z.object({
  message: z.string(),
  activated: z.number().int(),
});
export type BusinessServiceActivateManyResponse = z.infer<typeof BusinessServiceActivateManyResponseSchema>;
