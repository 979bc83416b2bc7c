import { compareNames } from '@app/shared/collator';
import { isStaff } from '@app/shared/permissions';
import { useMemo } from 'react';
import { useUsers } from '../../../api/users/get-users';

/**
 * Who a note can be for: owners and collaborators, by name, as Select options. Only an
 * owner's screen asks (the staff list is theirs), so only the owner's controls use it.
 */
export function useAssigneeOptions() {
  const users = useUsers();
  const options = useMemo(
    () =>
      (users.data ?? [])
        .filter((user) => isStaff(user.role))
        .map((user) => ({ value: String(user.id), label: `${user.name} ${user.lastName}`.trim() }))
        .sort((a, b) => compareNames(a.label, b.label)),
    [users.data],
  );
  return { options, isLoading: users.isLoading };
}
