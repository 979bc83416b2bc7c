import { compareNames } from '@app/shared/collator';
import { STAFF_ROLES } from '@app/shared/roles';
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
        .filter((user) => (STAFF_ROLES as readonly string[]).includes(user.role))
        .map((user) => ({ value: String(user.id), label: `${user.name} ${user.lastName}`.trim() }))
        .sort((a, b) => compareNames(a.label, b.label)),
    [users.data],
  );
  return { options, isLoading: users.isLoading };
}
