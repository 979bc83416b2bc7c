import { boardMsg } from '@app/shared/messages-board';
import type { BoardService } from '@app/shared/schemas/monthly-states';
import { memo } from 'react';
import { BoardFilterRow, type BoardFilterRowProps } from '../../../components/board/board-filter-controls';

/**
 * The monthly board's own filters, kept in the address: 'Encargado', a state of one service ('F29:
 * Pendiente', grouped by service), 'Ordenar por' a service's states and 'Solo atrasadas'. A state
 * or service not on this month's board shows as none.
 */
export const MonthlyFilters = memo(function MonthlyFilters({
  services,
  ...row
}: BoardFilterRowProps & { services: readonly BoardService[] }) {
  const states = services.map((service) => ({
    group: service.name,
    items: service.states.map((state) => ({
      value: String(state.id),
      label: boardMsg.stateOption(service.name, state.name),
    })),
  }));
  const sorts = services.map((service) => ({ value: String(service.id), label: service.name }));
  return <BoardFilterRow {...row} options={{ stateId: states, sortServiceId: sorts }} />;
});
