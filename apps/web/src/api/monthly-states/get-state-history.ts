import type { Period } from '@app/shared/period';
import type { HistoryResponse } from '@app/shared/schemas/monthly-states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { monthlyBoardQueryKey } from './get-monthly-board';

export interface HistoryCell extends Period {
  businessId: number;
  serviceId: number;
}

/** A cell's changes; under the month's board key, so anything that refreshes a board refreshes them too. */
export const stateHistoryQueryKey = ({ year, month, businessId, serviceId }: HistoryCell) =>
  [...monthlyBoardQueryKey({ year, month }), 'history', businessId, serviceId] as const;

export const getStateHistory = (cell: HistoryCell) =>
  api<HistoryResponse>('/monthly-states/history', { params: { ...cell } }).then((answer) => answer.rows);

/** Fetched when the history modal opens; always fresh (another user may have just changed the cell). */
export const stateHistoryQueryOptions = (cell: HistoryCell) =>
  queryOptions({ queryKey: stateHistoryQueryKey(cell), queryFn: () => getStateHistory(cell), staleTime: 0 });

export const useStateHistory = (cell: HistoryCell | null) =>
  useQuery({
    ...stateHistoryQueryOptions(cell ?? { year: 0, month: 0, businessId: 0, serviceId: 0 }),
    enabled: cell !== null,
  });
