import type { User } from '@app/shared/schemas/users';
import type { UserRow } from './users.tables.ts';

/** The only shape of a user that leaves the server: no hash, no push subscription. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    businessId: row.businessId,
    allowCalendarView: row.allowCalendarView,
  };
}
