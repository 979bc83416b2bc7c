import { calendarDate, idField, idParam, idParams, requiredText } from '../fields.ts';
import { requestsMsg } from '../messages-requests.ts';
import { z } from '../zod-setup.ts';
import { FileSchema } from './documents.ts';
import { PeriodParamsSchema } from './monthly-states.ts';

/**
 * Document requests: a service's templates, requests to a company for a period, the
 * items asked for and what the client sent against them.
 */

export const REQUEST_TITLE_MAX = 120;
export const REQUEST_ITEM_NAME_MAX = 120;
export const REQUEST_ITEMS_MAX = 30;
export const REQUEST_COMMENT_MAX = 1000;

/** What staff decided about an item (stored). */
export const REQUEST_ITEM_STATUSES = ['pending', 'received', 'rejected'] as const;
export type RequestItemStatus = (typeof REQUEST_ITEM_STATUSES)[number];
/**
 * What an item shows: 'enviado' when the client sent a file since staff last looked at it
 * (awaiting review), otherwise its status ('pendiente', 'recibido', 'rechazado': asked again).
 */
export const REQUEST_ITEM_LOOKS = ['pendiente', 'enviado', 'recibido', 'rechazado'] as const;
export type RequestItemLook = (typeof REQUEST_ITEM_LOOKS)[number];
/**
 * A request's state for a company: 'completa' when every item is received; otherwise 'atrasada'
 * once the Santiago day is past its due date, 'parcial' when some item is received or sent, else
 * 'pendiente'.
 */
export const REQUEST_STATES = ['pendiente', 'parcial', 'completa', 'atrasada'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

const day = z
  .number({ error: requestsMsg.dueDayRange })
  .int(requestsMsg.dueDayRange)
  .min(1, requestsMsg.dueDayRange)
  .max(31, requestsMsg.dueDayRange);

const itemName = requiredText(requestsMsg.itemNameRequired, REQUEST_ITEM_NAME_MAX);
const title = requiredText(requestsMsg.titleRequired, REQUEST_TITLE_MAX);
const items = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: requestsMsg.itemsRequired })
    .min(1, requestsMsg.itemsRequired)
    .max(REQUEST_ITEMS_MAX, requestsMsg.tooManyItems);

// ---------- Templates (on a service; owner writes, staff read) ----------

/** POST /api/service/{serviceId}/request-template and PUT /api/request-template/{id} (the whole template). */
export const RequestTemplateInputSchema = z.object({
  title,
  /** Day of the month after the period when the documents are due. */
  dueDay: day,
  /** Day of the month after the period when it goes out by itself at 09:00; null: by hand only. */
  sendDay: day.nullable(),
  items: items(z.object({ name: itemName, serviceFolderId: idField(requestsMsg.folderRequired) })),
});
export type RequestTemplateInput = z.input<typeof RequestTemplateInputSchema>;

export const RequestTemplateSchema = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  title: z.string(),
  dueDay: z.number().int(),
  sendDay: z.number().int().nullable(),
  items: z.array(
    z.object({ id: z.number().int(), name: z.string(), serviceFolderId: z.number().int(), folderName: z.string() }),
  ),
});
export type RequestTemplate = z.infer<typeof RequestTemplateSchema>;
export const RequestTemplateListSchema = z.object({ rows: z.array(RequestTemplateSchema) });
export const RequestTemplateResponseSchema = z.object({ message: z.string(), template: RequestTemplateSchema });
export const ServiceIdParamSchema = idParams('serviceId');
export const RequestIdParamSchema = idParams('id');

/** POST /api/request-template/{id}/send ('Solicitar a todas'): the period to ask for. */
export const SendTemplateInputSchema = PeriodParamsSchema;
/** Its answer: requests created (one per company the service applies to), those that existed, e-mails sent. */
export const SendTemplateResponseSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  skipped: z.number().int(),
  /** Companies e-mailed (those with contact addresses). */
  emailed: z.number().int(),
});
export type SendTemplateResponse = z.infer<typeof SendTemplateResponseSchema>;

// ---------- Requests ----------

/** POST /api/requests: a request to one company for one period, written by hand. */
export const CreateRequestSchema = z.object({
  businessId: idField(),
  year: PeriodParamsSchema.shape.year,
  month: PeriodParamsSchema.shape.month,
  title,
  dueDate: calendarDate(requestsMsg.dueDateRequired, requestsMsg.dueDateInvalid),
  /** Each item is filed into one of the company's folder templates of that period. */
  items: items(z.object({ name: itemName, serviceFolderId: idField(requestsMsg.folderRequired) })),
});
export type CreateRequest = z.input<typeof CreateRequestSchema>;

/** A file sent against an item (or by staff), as listed to whoever asks: links issued to them. */
export const RequestFileSchema = FileSchema;

export const RequestItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The folder template, its company folder of the request's period (0 until first made) and its name. */
  folder: z.object({ id: z.number().int(), businessFolderId: z.number().int(), name: z.string() }),
  status: z.enum(REQUEST_ITEM_STATUSES),
  look: z.enum(REQUEST_ITEM_LOOKS),
  /** Staff's words when asking again; '' otherwise. */
  comment: z.string(),
  reviewedAt: z.string().nullable(),
  files: z.array(RequestFileSchema),
});
export type RequestItem = z.infer<typeof RequestItemSchema>;

export const DocumentRequestSchema = z.object({
  id: z.number().int(),
  business: z.object({ id: z.number().int(), name: z.string(), rut: z.string() }),
  year: z.number().int(),
  month: z.number().int(),
  title: z.string(),
  /** 'YYYY-MM-DD'. */
  dueDate: z.string(),
  service: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: z.enum(REQUEST_STATES),
  /** Items not yet received. */
  missing: z.number().int(),
  /** Items the client sent since staff last looked (look 'enviado'). */
  toReview: z.number().int(),
  items: z.array(RequestItemSchema),
  createdAt: z.string(),
});
export type DocumentRequest = z.infer<typeof DocumentRequestSchema>;

/**
 * GET /api/business/{businessId}/requests?year&month (staff: one company's requests, with files).
 * `today` is the Santiago day the states were judged by.
 */
export const RequestListSchema = z.object({ today: z.string(), rows: z.array(DocumentRequestSchema) });
export type RequestList = z.infer<typeof RequestListSchema>;

/**
 * A request as the month's list shows it (/solicitudes): its state and counts, without its items'
 * files and their per-reader links (those are on the company's requests), so that one answer
 * serves every staff member and is kept between changes.
 */
export const RequestSummarySchema = DocumentRequestSchema.omit({ items: true }).extend({
  /** How many items it asks for. */
  itemCount: z.number().int(),
});
export type RequestSummary = z.infer<typeof RequestSummarySchema>;

/** GET /api/requests?year&month (staff: every request of the period, as summaries). */
export const RequestSummaryListSchema = z.object({ today: z.string(), rows: z.array(RequestSummarySchema) });
export type RequestSummaryList = z.infer<typeof RequestSummaryListSchema>;
export const RequestPeriodQuerySchema = PeriodParamsSchema;
export const BusinessRequestsParamsSchema = idParams('businessId');

/**
 * GET /api/my/requests (client): their company's requests that are not complete (any period),
 * then those completed in the last 60 days; pending ones first, by due date.
 */
export const ClientRequestListSchema = RequestListSchema;

export const RequestResponseSchema = z.object({ message: z.string(), request: DocumentRequestSchema });

/** PUT /api/request-item/{id}: staff mark it received, ask again (with a comment, e-mailed), or reopen it. */
export const ReviewItemSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('received') }),
    z.object({
      status: z.literal('rejected'),
      comment: requiredText(requestsMsg.commentRequired, REQUEST_COMMENT_MAX),
    }),
    z.object({ status: z.literal('pending') }),
  ],
  { error: requestsMsg.required },
);
export type ReviewItem = z.input<typeof ReviewItemSchema>;
export const ReviewItemResponseSchema = z.object({ message: z.string(), request: DocumentRequestSchema });

/**
 * GET /api/requests/to-review (staff): items the clients sent that nobody has looked at yet
 * (look 'enviado'), in total and per company: the badges of the documents menu and board rows.
 */
export const ToReviewSchema = z.object({
  total: z.number().int(),
  /** With the earliest period that has some of them: where the board's badge leads. */
  byBusiness: z.array(
    z.object({
      businessId: z.number().int(),
      count: z.number().int(),
      year: z.number().int(),
      month: z.number().int(),
    }),
  ),
});
export type ToReview = z.infer<typeof ToReviewSchema>;

/** POST /api/request-item/{id}/file: multipart like a folder upload; the id of the item answered. */
export const RequestItemIdParamSchema = z.object({ id: idParam() });

/** The live event staff sockets receive when a request, an item or a client's upload changes. */
export const REQUESTS_EVENT = 'requests changed';
export const RequestsEventSchema = z.object({
  /** The company whose requests changed; 0 when several did at once ('Solicitar a todas'). */
  businessId: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
});
export type RequestsEvent = z.infer<typeof RequestsEventSchema>;
