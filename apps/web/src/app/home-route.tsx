import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { HomePage } from '../features/home/pages/home-page';

/**
 * Staff and clients see different homes, so each is loaded only by whoever sees it (the route's
 * loader starts the staff home's script and its board together).
 */
const StaffHome = lazy(async () => ({ default: (await import('./staff-home')).StaffHome }));

const ClientHome = lazy(async () => {
  const { ClientDocumentsView } = await import('../features/documents/pages/client-documents-view');
  return { default: ClientDocumentsView };
});

const loading = <Loader aria-label="Cargando" />;

export function HomeRoute() {
  return (
    <HomePage
      staffView={
        <Suspense fallback={loading}>
          <StaffHome />
        </Suspense>
      }
      clientView={
        <Suspense fallback={loading}>
          <ClientHome />
        </Suspense>
      }
    />
  );
}
