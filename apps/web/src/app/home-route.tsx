import { Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { HomePage } from '../features/home/pages/home-page';
import { loadedStaffHome, loadStaffHome } from './staff-home-script';

/**
 * Staff and clients see different homes, so each is loaded only by whoever sees it (the route's
 * loader starts the staff home's script and its board together, and waits for the script).
 */
const LazyStaffHome = lazy(async () => ({ default: await loadStaffHome() }));

const ClientHome = lazy(async () => {
  const { ClientDocumentsRoute } = await import('./documents-routes');
  return { default: ClientDocumentsRoute };
});

const loading = <Loader role="status" aria-label="Cargando" />;

/** The staff home, rendered at once when the route's loader already ran its script (chosen once per mount). */
function StaffView() {
  const [Loaded] = useState(loadedStaffHome);
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={loading}>
      <LazyStaffHome />
    </Suspense>
  );
}

export function HomeRoute() {
  return (
    <HomePage
      staffView={<StaffView />}
      clientView={
        <Suspense fallback={loading}>
          <ClientHome />
        </Suspense>
      }
    />
  );
}
