import type { Role } from '@app/shared/roles';
import type { User } from '@app/shared/schemas/users';
import {
  type Icon,
  IconBriefcase,
  IconBuilding,
  IconBuildingCommunity,
  IconHome,
  IconMail,
  IconUsers,
} from '@tabler/icons-react';

export interface NavEntry {
  label: string;
  path: string;
  icon: Icon;
  /** Who sees the entry in the side menu (spec 1 §2.2); route access is set in the router. */
  visibleTo: (user: User) => boolean;
}

const roleIn =
  (...roles: Role[]) =>
  (user: User) =>
    roles.includes(user.role);

/** The side menu, in the spec's order; only screens that exist are listed. */
export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Inicio', path: '/', icon: IconHome, visibleTo: () => true },
  { label: 'Usuarios', path: '/usuarios', icon: IconUsers, visibleTo: roleIn('owner') },
  { label: 'Servicios', path: '/servicios', icon: IconBriefcase, visibleTo: roleIn('owner') },
  { label: 'Empresas', path: '/empresas', icon: IconBuilding, visibleTo: roleIn('owner', 'collaborator') },
  { label: 'Grupos de empresas', path: '/grupos-empresas', icon: IconBuildingCommunity, visibleTo: roleIn('owner') },
  { label: 'Email', path: '/email', icon: IconMail, visibleTo: roleIn('owner') },
];
