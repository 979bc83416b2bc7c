import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { HomePage } from '../features/home/pages/home-page';

/**
 * Home's monthly view, composed here because features do not import each other: the board shows
 * the credentials of the companies feature and the send-e-mail modal of the e-mail feature.
 * Staff and clients see different homes, so each is loaded only by whoever sees it.
 */
const StaffHome = lazy(async () => {
  const [{ MonthlyBoard }, { useCredentials }, { SendEmailModal }] = await Promise.all([
    import('../features/monthly-board/components/monthly-board'),
    import('../api/credentials/get-credentials'),
    import('../features/email/components/send-email-modal'),
  ]);
  return { default: () => <MonthlyBoard useCredentials={useCredentials} SendEmailModal={SendEmailModal} /> };
});

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
