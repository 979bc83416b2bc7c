export const ROLES = ['owner', 'collaborator', 'client'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ['owner', 'collaborator'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Dueño',
  collaborator: 'Colaborador',
  client: 'Cliente',
};
