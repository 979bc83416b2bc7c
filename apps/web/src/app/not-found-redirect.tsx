import { Navigate } from 'react-router';

/** Unknown paths inside the app go Home rather than to a blank page. */
export function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}
