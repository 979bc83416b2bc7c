import type { StoredFile } from '@app/shared/schemas/documents';
import type {
  DocumentRequest,
  RequestItem,
  RequestItemLook,
  RequestState,
  RequestSummary,
  RequestTemplate,
} from '@app/shared/schemas/requests';
import type { ItemListRow, RequestListRow, TemplateItemRow, TemplateRow } from './requests.repository.ts';

export function presentTemplate(row: TemplateRow, items: TemplateItemRow[]): RequestTemplate {
  return {
    id: row.id,
    serviceId: row.serviceId,
    title: row.title,
    dueDay: row.dueDay,
    sendDay: row.sendDay,
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      serviceFolderId: item.serviceFolderId,
      folderName: item.folderName,
    })),
  };
}

const STATUS_LOOKS = { pending: 'pendiente', received: 'recibido', rejected: 'rechazado' } as const;

/** 'enviado' while a client's file awaits review (a received item is never reopened by an upload); else its status. */
export function lookOf(item: Pick<ItemListRow, 'status' | 'sentSinceReview'>): RequestItemLook {
  if (item.status !== 'received' && item.sentSinceReview) return 'enviado';
  return STATUS_LOOKS[item.status];
}

/**
 * A request's state (rules in the shared schema): 'completa' when every item is received; else
 * 'atrasada' once `today` (Santiago) is past the due date; 'parcial' when some item is received or
 * sent; else 'pendiente'.
 */
export function stateOf(dueDate: string, looks: RequestItemLook[], today: string): RequestState {
  if (looks.every((look) => look === 'recibido')) return 'completa';
  if (today > dueDate) return 'atrasada';
  if (looks.some((look) => look === 'recibido' || look === 'enviado')) return 'parcial';
  return 'pendiente';
}

function presentItem(item: ItemListRow, files: StoredFile[]): RequestItem {
  return {
    id: item.id,
    name: item.name,
    folder: { id: item.serviceFolderId, businessFolderId: item.businessFolderId ?? 0, name: item.folderName },
    status: item.status,
    look: lookOf(item),
    comment: item.comment,
    reviewedAt: item.reviewedAt?.toISOString() ?? null,
    files,
  };
}

/** A request as staff and its client see it; `files` are those of its items, with links issued to the reader. */
export function presentRequest(
  row: RequestListRow,
  items: ItemListRow[],
  files: Map<number, StoredFile[]>,
  today: string,
): DocumentRequest {
  const presented = items.map((item) => presentItem(item, files.get(item.id) ?? []));
  return {
    ...presentHead(
      row,
      presented.map((item) => item.look),
      today,
    ),
    items: presented,
  };
}

/** What a request and its summary share: the request's fields, its state and counts judged from its items' looks. */
function presentHead(row: RequestListRow, looks: ReturnType<typeof lookOf>[], today: string) {
  return {
    id: row.id,
    business: { id: row.businessId, name: row.businessName, rut: row.businessRut },
    year: row.year,
    month: row.month,
    title: row.title,
    dueDate: row.dueDate,
    service: row.serviceId !== null && row.serviceName !== null ? { id: row.serviceId, name: row.serviceName } : null,
    state: stateOf(row.dueDate, looks, today),
    missing: looks.filter((look) => look !== 'recibido').length,
    toReview: looks.filter((look) => look === 'enviado').length,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A request in the month's list: the same state and counts as presentRequest, its items only counted. */
export function presentSummary(
  row: RequestListRow,
  items: Pick<ItemListRow, 'status' | 'sentSinceReview'>[],
  today: string,
): RequestSummary {
  const looks = items.map(lookOf);
  return {
    ...presentHead(row, looks, today),
    itemCount: looks.length,
  };
}
