import { boardMsg } from '@app/shared/messages-board';
import type { GroupList } from '@app/shared/schemas/groups';
import { Select } from '@mantine/core';
import { useMemo } from 'react';

/** The company groups a screen offers (GET /api/business-group); undefined while they load. */
export type Groups = GroupList | undefined;

/** The companies of the chosen group (null: no group chosen, or the groups not loaded yet). */
export function useGroupMembers(groups: Groups, groupId: string | null): ReadonlySet<number> | null {
  return useMemo(() => {
    const group = groupId ? groups?.find((candidate) => String(candidate.id) === groupId) : undefined;
    return group ? new Set(group.businessesIds) : null;
  }, [groupId, groups]);
}

/** A board's select of company groups ('-- Seleccione un grupo --'), searchable and clearable. */
export function GroupSelect({
  groups,
  value,
  onChange,
}: {
  groups: Groups;
  value: string | null;
  onChange: (groupId: string | null) => void;
}) {
  return (
    <Select
      mb="md"
      label={boardMsg.groupLabel}
      placeholder={boardMsg.selectGroup}
      data={(groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
      value={value}
      onChange={onChange}
      clearable
      clearButtonProps={{ 'aria-label': boardMsg.clearGroup, 'aria-hidden': false, tabIndex: 0 }}
      searchable
      nothingFoundMessage={boardMsg.noGroups}
      style={{ flex: '1 1 220px' }}
    />
  );
}
