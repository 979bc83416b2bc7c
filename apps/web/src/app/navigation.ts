import { can, type Permission } from '@app/shared/permissions';
import type { User } from '@app/shared/schemas/users';
import {
  type Icon,
  IconBriefcase,
  IconBuilding,
  IconBuildingCommunity,
  IconCalendar,
  IconCalendarDue,
  IconCash,
  IconChartBar,
  IconChecklist,
  IconClockHour4,
  IconFileImport,
  IconFolders,
  IconHistory,
  IconHome,
  IconListCheck,
  IconMail,
  IconMessages,
  IconNotes,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { mayViewCalendar } from './route-access';

export interface NavEntry {
  label: string;
  path: string;
  icon: Icon;
  /** Who sees the entry in the side menu; route access is set in the router. */
  visibleTo: (user: User) => boolean;
}

/** The entry is shown to whoever holds the permission (the shared permission table). */
const holding = (permission: Permission) => (user: User) => can(user, permission);

/** The side menu, in its established order; only screens that exist are listed. */
export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Inicio', path: '/', icon: IconHome, visibleTo: () => true },
  { label: 'Mensajes', path: '/mensajes', icon: IconMessages, visibleTo: holding('messages:use') },
  { label: 'Panel', path: '/panel', icon: IconChartBar, visibleTo: holding('panel:read') },
  { label: 'Usuarios', path: '/usuarios', icon: IconUsers, visibleTo: holding('users:manage') },
  { label: 'Servicios', path: '/servicios', icon: IconBriefcase, visibleTo: holding('services:write') },
  { label: 'Empresas', path: '/empresas', icon: IconBuilding, visibleTo: holding('businesses:read') },
  // The group list is open to collaborators, but the menu shows it to owners only.
  {
    label: 'Grupos de empresas',
    path: '/grupos-empresas',
    icon: IconBuildingCommunity,
    visibleTo: holding('groups:write'),
  },
  { label: 'Tareas', path: '/tareas', icon: IconChecklist, visibleTo: holding('tasks:write') },
  {
    label: 'Seguimiento de tareas',
    path: '/seguimiento-tareas',
    icon: IconListCheck,
    visibleTo: holding('task-states:read'),
  },
  { label: 'Documentos', path: '/documentos', icon: IconFolders, visibleTo: holding('documents:manage') },
  { label: 'Solicitudes', path: '/solicitudes', icon: IconFileImport, visibleTo: holding('requests:manage') },
  {
    label: 'Calendario tributario',
    path: '/calendario-tributario',
    icon: IconCalendarDue,
    visibleTo: holding('tax-calendar:read'),
  },
  { label: 'Calendario', path: '/calendario', icon: IconCalendar, visibleTo: mayViewCalendar },
  { label: 'Registro de tiempo', path: '/tiempo', icon: IconClockHour4, visibleTo: holding('time:track') },
  { label: 'Cobranza', path: '/cobranza', icon: IconCash, visibleTo: holding('billing:read') },
  { label: 'Notas', path: '/notas', icon: IconNotes, visibleTo: holding('notes:read') },
  { label: 'Email', path: '/email', icon: IconMail, visibleTo: holding('email:manage') },
  { label: 'Actividad', path: '/actividad', icon: IconHistory, visibleTo: holding('activity:read') },
  {
    label: 'Protección de datos',
    path: '/proteccion-datos',
    icon: IconShieldLock,
    visibleTo: holding('data-protection:manage'),
  },
];
