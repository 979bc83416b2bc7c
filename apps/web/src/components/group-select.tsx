import { boardMsg } from '@app/shared/messages-board';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useGroups } from '../api/groups/get-groups';

/** The companies of the chosen group (null: no group chosen, or the groups not loaded yet). */
export function useGroupMembers(groupId: string | null): ReadonlySet<number> | null {
  const groups = useGroups();
  return useMemo(() => {
    const group = groupId ? groups.data?.find((candidate) => String(candidate.id) === groupId) : undefined;
    return group ? new Set(group.businessesIds) : null;
  }, [groupId, groups.data]);
}

/** A board's select of company groups ('-- Seleccione un grupo --'), searchable and clearable. */
export function GroupSelect({ value, onChange }: { value: string | null; onChange: (groupId: string | null) => void }) {
  const groups = useGroups();
  return (
    <Select
      mb="md"
      label={boardMsg.groupLabel}
      placeholder={boardMsg.selectGroup}
      data={(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
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
