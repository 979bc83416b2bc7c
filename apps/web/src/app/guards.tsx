import { can, type Permission } from '@app/shared/permissions';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Login and recovery: a signed-in user is sent Home. */
export function PublicOnlyRoute() {
  return useSession() ? <Navigate to="/" replace /> : <Outlet />;
}

/** Private routes: anonymous users go to Login, users without the route's permission go Home. */
export function PrivateRoute({ permission }: { permission?: Permission }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (permission && !can(session.user, permission)) return <Navigate to="/" replace />;
  return <Outlet />;
}
