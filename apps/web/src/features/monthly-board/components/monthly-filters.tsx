import { boardMsg } from '@app/shared/messages-board';
import type { BoardService } from '@app/shared/schemas/monthly-states';
import { IconArrowsSort, IconFilter } from '@tabler/icons-react';
import { memo } from 'react';
import {
  BoardFilterRow,
  type BoardFilterRowProps,
  ToolbarSelect,
} from '../../../components/board/board-filter-controls';

const idOrNull = (value: string | null) => (value ? Number(value) : null);

/**
 * The monthly board's own filters, kept in the address: 'Encargado', a state of one
 * service ('F29: Pendiente', grouped by service), 'Ordenar por' a service's states and 'Solo
 * atrasadas'. A state or service not on this month's board shows as none.
 */
export const MonthlyFilters = memo(function MonthlyFilters({
  services,
  ...row
}: BoardFilterRowProps & { services: readonly BoardService[] }) {
  const { values, onFilter } = row;
  const stateShown = services.some((service) => service.states.some((state) => state.id === values.stateId));
  const sortShown = services.some((service) => service.id === values.sortServiceId);
  return (
    <BoardFilterRow {...row}>
      <ToolbarSelect
        label={boardMsg.stateFilterLabel}
        icon={<IconFilter size={16} aria-hidden />}
        w={200}
        data={[
          { value: '', label: boardMsg.anyState },
          ...services.map((service) => ({
            group: service.name,
            items: service.states.map((state) => ({
              value: String(state.id),
              label: boardMsg.stateOption(service.name, state.name),
            })),
          })),
        ]}
        value={stateShown ? String(values.stateId) : ''}
        onChange={(value) => onFilter('stateId', idOrNull(value))}
        searchable
      />
      <ToolbarSelect
        label={boardMsg.sortLabel}
        icon={<IconArrowsSort size={16} aria-hidden />}
        w={170}
        data={[
          { value: '', label: boardMsg.sortByName },
          ...services.map((service) => ({ value: String(service.id), label: service.name })),
        ]}
        value={sortShown ? String(values.sortServiceId) : ''}
        onChange={(value) => onFilter('sortServiceId', idOrNull(value))}
      />
    </BoardFilterRow>
  );
});
