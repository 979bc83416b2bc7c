import { can } from '@app/shared/permissions';
import type { User } from '@app/shared/schemas/users';

// Its own file so that the router (in the first page's script) does not load the side menu's icons.

/** The calendar: owners, and collaborators the owner allowed (the 'calendar:events' policy). */
export const mayViewCalendar = (user: User) => can(user, 'calendar:events', user);
