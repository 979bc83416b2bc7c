import type {
  PanelBilling,
  PanelProgress,
  PanelPunctuality,
  PanelRequestAge,
  PanelWorkload,
} from '@app/shared/schemas/panel';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Whose companies: a user id, 'none' (without an 'Encargado') or null (every company the reader may see). */
export type PanelResponsible = number | 'none' | null;

const encargado = (responsible: PanelResponsible) => (responsible === null ? undefined : responsible);
const keys = {
  progress: (year: number | null, month: number | null, responsible: PanelResponsible) =>
    ['panel', 'progress', year, month, String(responsible)] as const,
  punctuality: (responsible: PanelResponsible) => ['panel', 'punctuality', String(responsible)] as const,
  workload: ['panel', 'workload'] as const,
  requestsAge: (responsible: PanelResponsible) => ['panel', 'requests-age', String(responsible)] as const,
  billing: ['panel', 'billing'] as const,
};

/** GET /api/panel/progress: a period's cells per service by state (the current period when year and month are null). */
export const usePanelProgress = (year: number | null, month: number | null, responsible: PanelResponsible) =>
  useQuery({
    queryKey: keys.progress(year, month, responsible),
    queryFn: () =>
      api<PanelProgress>('/panel/progress', {
        params: { anio: year ?? undefined, mes: month ?? undefined, encargado: encargado(responsible) },
      }),
  });

/** GET /api/panel/punctuality: the last 12 periods' cells done on time, late and overdue. */
export const usePanelPunctuality = (responsible: PanelResponsible) =>
  useQuery({
    queryKey: keys.punctuality(responsible),
    queryFn: () => api<PanelPunctuality>('/panel/punctuality', { params: { encargado: encargado(responsible) } }),
  });

/** GET /api/panel/workload: per 'Encargado' the current period's open cells. */
export const usePanelWorkload = () =>
  useQuery({ queryKey: keys.workload, queryFn: () => api<PanelWorkload>('/panel/workload') });

/** GET /api/panel/requests-age: document requests waiting, by age. */
export const usePanelRequestsAge = (responsible: PanelResponsible) =>
  useQuery({
    queryKey: keys.requestsAge(responsible),
    queryFn: () => api<PanelRequestAge>('/panel/requests-age', { params: { encargado: encargado(responsible) } }),
  });

/** GET /api/panel/billing (owners): billed vs collected by month and receivables by aging. */
export const usePanelBilling = (enabled: boolean) =>
  useQuery({ queryKey: keys.billing, queryFn: () => api<PanelBilling>('/panel/billing'), enabled });
