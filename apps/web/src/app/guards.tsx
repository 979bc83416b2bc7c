import type { Role } from '@app/shared/roles';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Login and recovery: a signed-in user is sent Home. */
export function PublicOnlyRoute() {
  return useSession() ? <Navigate to="/" replace /> : <Outlet />;
}

/** Private routes: anonymous users go to Login, users whose role is not listed go Home. */
export function PrivateRoute({ roles }: { roles?: readonly Role[] }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (roles && !roles.includes(session.user.role)) return <Navigate to="/" replace />;
  return <Outlet />;
}
