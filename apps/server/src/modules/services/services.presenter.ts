import {
  MONTH_KEYS,
  type Service,
  type ServiceDetail,
  type ServiceFolder,
  type ServiceFolderNode,
  type ServiceListItem,
  type ServiceMonthsActive,
  type ServiceNotification,
  type ServiceState,
} from '@app/shared/schemas/services';
import type {
  ServiceFolderRow,
  ServiceMonthsActiveRow,
  ServiceNotificationRow,
  ServiceRow,
  ServiceStateRow,
} from './services.repository.ts';

export function presentService(row: ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    startMonthDay: row.startMonthDay,
    lastMonthDay: row.lastMonthDay,
    order: row.order,
    dueDay: row.dueDay,
    dueDayElectronic: row.dueDayElectronic,
    dueDayShift: row.dueDayShift,
    dueDayElectronicShift: row.dueDayElectronicShift,
    catalogueKey: row.catalogueKey,
  };
}

export function presentState(row: ServiceStateRow): ServiceState {
  return {
    id: row.id,
    serviceId: row.serviceId,
    name: row.name,
    color: row.color,
    order: row.order,
    pctProgress: row.pctProgress,
    hasValue: row.hasValue,
    showResume: row.showResume,
  };
}

export function presentServiceWithStates(row: ServiceRow, states: ServiceStateRow[]): ServiceListItem {
  return { ...presentService(row), states: states.map(presentState) };
}

export function presentFolder(row: ServiceFolderRow): ServiceFolder {
  return {
    id: row.id,
    serviceId: row.serviceId,
    parentFolderId: row.parentFolderId,
    name: row.name,
    isActive: row.isActive,
    clientCanUpload: row.clientCanUpload,
  };
}

/** Turns the service's flat folder list into top-level folders, each with its `subfolders`. */
export function presentFolderTree(rows: ServiceFolderRow[]): ServiceFolderNode[] {
  const nodes = new Map<number, ServiceFolderNode>();
  for (const row of rows) nodes.set(row.id, { ...presentFolder(row), subfolders: [] });
  const roots: ServiceFolderNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentFolderId === null ? undefined : nodes.get(row.parentFolderId);
    if (parent) parent.subfolders.push(node);
    else roots.push(node);
  }
  return roots;
}

export function presentNotification(row: ServiceNotificationRow): ServiceNotification {
  return { id: row.id, serviceId: row.serviceId, day: row.day, subject: row.subject, message: row.message };
}

export function presentMonthsActive(row: ServiceMonthsActiveRow | undefined): ServiceMonthsActive {
  const months = {} as ServiceMonthsActive;
  for (const key of MONTH_KEYS) months[key] = row ? row[key] : true;
  return months;
}

export function presentServiceDetail(parts: {
  service: ServiceRow;
  states: ServiceStateRow[];
  folders: ServiceFolderRow[];
  notifications: ServiceNotificationRow[];
  monthsActive: ServiceMonthsActiveRow | undefined;
}): ServiceDetail {
  return {
    ...presentServiceWithStates(parts.service, parts.states),
    folders: presentFolderTree(parts.folders),
    notifications: parts.notifications.map(presentNotification),
    monthsActive: presentMonthsActive(parts.monthsActive),
  };
}
