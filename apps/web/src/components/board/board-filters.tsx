import { boardMsg } from '@app/shared/messages-board';
import type { Period } from '@app/shared/period';
import { Group } from '@mantine/core';
import { GroupSelect, type Groups } from '../group-select';
import { PeriodPicker } from '../period-picker';
import { SearchInput } from '../search-input';

export interface BoardFiltersProps {
  /** The company groups offered (undefined while they load). */
  groups: Groups;
  search: string;
  onSearch: (value: string) => void;
  groupId: string | null;
  onGroup: (value: string | null) => void;
  period: Period;
  onPeriod: (next: Period) => void;
}

/** The row above both boards: search by name or RUT, a company group, and the month. */
export function BoardFilters({ groups, search, onSearch, groupId, onGroup, period, onPeriod }: BoardFiltersProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <div style={{ flex: '1 1 220px', minWidth: 0 }}>
        <SearchInput
          label={boardMsg.searchLabel}
          placeholder={boardMsg.searchPlaceholder}
          value={search}
          onChange={onSearch}
        />
      </div>
      <GroupSelect groups={groups} value={groupId} onChange={onGroup} />
      <PeriodPicker label={boardMsg.monthLabel} period={period} onChange={onPeriod} />
    </Group>
  );
}
