import type { Role } from './roles.ts';

/**
 * Server-side permission table (DESIGN.md §6). Each capability lists the roles that hold it;
 * the API checks these on every endpoint and the web app uses them to show or hide actions.
 */
export const PERMISSIONS = {
  'users:manage': ['owner'],
  'services:read': ['owner', 'collaborator'],
  'services:write': ['owner'],
  'services:delete': ['owner'],
  'companies:read': ['owner', 'collaborator'],
  'companies:write': ['owner', 'collaborator'],
  'companies:delete': ['owner'],
  'credentials:read': ['owner', 'collaborator'],
  'credentials:write': ['owner', 'collaborator'],
  'groups:read': ['owner', 'collaborator'],
  'groups:write': ['owner'],
  'monthly-states:read': ['owner', 'collaborator'],
  'monthly-states:write': ['owner', 'collaborator'],
  'tasks:read': ['owner', 'collaborator'],
  'tasks:write': ['owner'],
  'task-states:read': ['owner', 'collaborator'],
  'notes:manage': ['owner'],
  'email:manage': ['owner'],
  'documents:manage': ['owner', 'collaborator'],
  'calendar:manage': ['owner'],
  'profile:self': ['owner', 'collaborator', 'client'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined | null, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
