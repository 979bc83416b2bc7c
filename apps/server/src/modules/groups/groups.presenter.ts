import type { Group } from '@app/shared/schemas/groups';
import type { GroupRow } from './groups.repository.ts';

export function presentGroup(row: GroupRow, businessesIds: number[]): Group {
  return { id: row.id, name: row.name, description: row.description, businessesIds };
}
