import type {
  PanelBilling,
  PanelProgress,
  PanelPunctuality,
  PanelRequestAge,
  PanelWorkload,
} from '@app/shared/schemas/panel';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';

/** Whose companies: a user id, 'none' (without an 'Encargado') or null (every company the reader may see). */
export type PanelResponsible = number | 'none' | null;

const encargado = (responsible: PanelResponsible) => (responsible === null ? undefined : responsible);
const keys = {
  progress: (year: number | null, month: number | null, responsible: PanelResponsible) =>
    ['panel', 'progress', year, month, String(responsible)] as const,
  punctuality: (responsible: PanelResponsible) => ['panel', 'punctuality', String(responsible)] as const,
  workload: (responsible: PanelResponsible) => ['panel', 'workload', String(responsible)] as const,
  requestsAge: (responsible: PanelResponsible) => ['panel', 'requests-age', String(responsible)] as const,
  billing: ['panel', 'billing'] as const,
};

/** What each chart asks (GET /api/panel/…), as query options: the hooks below and `usePrefetchPanel` share them. */
const panelQueries = {
  /** A period's cells per service by state (the current period when year and month are null). */
  progress: (year: number | null, month: number | null, responsible: PanelResponsible) =>
    queryOptions({
      queryKey: keys.progress(year, month, responsible),
      queryFn: () =>
        api<PanelProgress>('/panel/progress', {
          params: { anio: year ?? undefined, mes: month ?? undefined, encargado: encargado(responsible) },
        }),
    }),
  /** The last 12 periods' cells done on time, late and overdue. */
  punctuality: (responsible: PanelResponsible) =>
    queryOptions({
      queryKey: keys.punctuality(responsible),
      queryFn: () => api<PanelPunctuality>('/panel/punctuality', { params: { encargado: encargado(responsible) } }),
    }),
  /** Per 'Encargado' the current period's open cells (one's row when filtered). */
  workload: (responsible: PanelResponsible) =>
    queryOptions({
      queryKey: keys.workload(responsible),
      queryFn: () => api<PanelWorkload>('/panel/workload', { params: { encargado: encargado(responsible) } }),
    }),
  /** Document requests waiting, by age. */
  requestsAge: (responsible: PanelResponsible) =>
    queryOptions({
      queryKey: keys.requestsAge(responsible),
      queryFn: () => api<PanelRequestAge>('/panel/requests-age', { params: { encargado: encargado(responsible) } }),
    }),
  /** Owners: billed vs collected by month and receivables by aging. */
  billing: () => queryOptions({ queryKey: keys.billing, queryFn: () => api<PanelBilling>('/panel/billing') }),
};

export const usePanelProgress = (year: number | null, month: number | null, responsible: PanelResponsible) =>
  useQuery(panelQueries.progress(year, month, responsible));
export const usePanelPunctuality = (responsible: PanelResponsible) => useQuery(panelQueries.punctuality(responsible));
export const usePanelWorkload = (responsible: PanelResponsible) => useQuery(panelQueries.workload(responsible));
export const usePanelRequestsAge = (responsible: PanelResponsible) => useQuery(panelQueries.requestsAge(responsible));
export const usePanelBilling = (enabled: boolean) => useQuery({ ...panelQueries.billing(), enabled });

/**
 * Asks for the charts drawn after the first one once `start` is true (the first chart has its
 * answer: the server serves it alone), without subscribing the page to them: their answers are in
 * the cache when their turn to draw comes.
 */
export function usePrefetchPanel(responsible: PanelResponsible, withMoney: boolean, start: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!start) return;
    void client.prefetchQuery(panelQueries.punctuality(responsible));
    void client.prefetchQuery(panelQueries.workload(responsible));
    void client.prefetchQuery(panelQueries.requestsAge(responsible));
    if (withMoney) void client.prefetchQuery(panelQueries.billing());
  }, [client, responsible, withMoney, start]);
}
