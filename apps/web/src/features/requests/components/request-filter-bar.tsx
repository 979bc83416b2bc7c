import { boardMsg } from '@app/shared/messages-board';
import { requestsMsg } from '@app/shared/messages-requests';
import type { Period } from '@app/shared/period';
import { REQUEST_STATES } from '@app/shared/schemas/requests';
import { Group, Select } from '@mantine/core';
import { useResponsibleOptions } from '../../../api/businesses/get-responsible-options';
import { useServices } from '../../../api/services/get-services';
import { GroupSelect, type Groups } from '../../../components/group-select';
import { PeriodPicker } from '../../../components/period-picker';
import { SearchInput } from '../../../components/search-input';
import { NO_RESPONSIBLE } from '../../../lib/board-filter-params';
import { useCurrentUser } from '../../../lib/session';
import { NO_SERVICE, type RequestFilterKey, type RequestFilters } from '../utils/request-filters';

const FIELD = { flex: '1 1 180px', minWidth: 0 } as const;

/**
 * The filters above /solicitudes: the month and a search by company name or RUT, then the service, the
 * company group, the state and the company's owner ('Encargado': 'Todos', 'Mis empresas', 'Sin
 * encargado' or a staff member, as the boards offer it). They wrap onto several lines on a phone.
 */
export function RequestFilterBar({
  period,
  onPeriod,
  groups,
  filters,
  onFilter,
}: {
  period: Period;
  onPeriod: (period: Period) => void;
  groups: Groups;
  filters: RequestFilters;
  onFilter: <Key extends RequestFilterKey>(key: Key, value: RequestFilters[Key]) => void;
}) {
  const user = useCurrentUser();
  const services = useServices();
  const staff = useResponsibleOptions();
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '0 1 220px', minWidth: 160 }}>
          <PeriodPicker label={requestsMsg.listMonthLabel} period={period} onChange={onPeriod} />
        </div>
        <div style={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}>
          <SearchInput
            label={requestsMsg.listSearchLabel}
            placeholder={requestsMsg.listSearchPlaceholder}
            value={filters.search}
            onChange={(value) => onFilter('search', value)}
          />
        </div>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={requestsMsg.listServiceLabel}
          data={[
            { value: '', label: requestsMsg.listAllServices },
            ...(services.data ?? []).map((service) => ({ value: String(service.id), label: service.name })),
            { value: NO_SERVICE, label: requestsMsg.listNoService },
          ]}
          value={filters.serviceId === null ? '' : String(filters.serviceId)}
          onChange={(value) => onFilter('serviceId', !value ? null : value === NO_SERVICE ? NO_SERVICE : Number(value))}
          allowDeselect={false}
          mb="md"
          searchable
          style={FIELD}
        />
        <div style={FIELD}>
          <GroupSelect
            groups={groups}
            value={filters.groupId === null ? null : String(filters.groupId)}
            onChange={(value) => onFilter('groupId', value ? Number(value) : null)}
          />
        </div>
        <Select
          label={requestsMsg.listStateLabel}
          data={[
            { value: '', label: requestsMsg.listAllStates },
            ...REQUEST_STATES.map((state) => ({ value: state, label: requestsMsg.requestStateLabels[state] })),
          ]}
          value={filters.state ?? ''}
          onChange={(value) => onFilter('state', REQUEST_STATES.find((state) => state === value) ?? null)}
          allowDeselect={false}
          mb="md"
          style={FIELD}
        />
        <Select
          label={boardMsg.responsibleLabel}
          data={[
            { value: '', label: boardMsg.allCompanies },
            { value: String(user.id), label: boardMsg.myCompanies },
            { value: NO_RESPONSIBLE, label: boardMsg.noResponsible },
            ...(staff.data ?? [])
              .filter((member) => member.id !== user.id)
              .map((member) => ({ value: String(member.id), label: member.name })),
          ]}
          value={filters.responsible === null ? '' : String(filters.responsible)}
          onChange={(value) =>
            onFilter('responsible', !value ? null : value === NO_RESPONSIBLE ? NO_RESPONSIBLE : Number(value))
          }
          allowDeselect={false}
          mb="md"
          searchable
          style={FIELD}
        />
      </Group>
    </>
  );
}
