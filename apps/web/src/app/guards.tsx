import { can, type Permission } from '@app/shared/permissions';
import type { User } from '@app/shared/schemas/users';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Login and recovery: a signed-in user is sent Home. */
export function PublicOnlyRoute() {
  return useSession() ? <Navigate to="/" replace /> : <Outlet />;
}

/**
 * Private routes: anonymous users go to Login, users without the route's permission (a table
 * permission, or a rule on the user such as the calendar's policy) go Home.
 */
export function PrivateRoute({ permission, allow }: { permission?: Permission; allow?: (user: User) => boolean }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (permission && !can(session.user, permission)) return <Navigate to="/" replace />;
  if (allow && !allow(session.user)) return <Navigate to="/" replace />;
  return <Outlet />;
}
