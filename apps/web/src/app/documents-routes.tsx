import { ClientStatement } from '../features/billing/components/client/client-statement';
import { BusinessDocumentsPage } from '../features/documents/pages/business-documents-page';
import { ClientDocumentsView } from '../features/documents/pages/client-documents-view';
import { ClientMonthlyReport } from '../features/monthly-report/components/client-monthly-report';
import { ClientRequests } from '../features/requests/components/client/client-requests';
import { RequestsSection } from '../features/requests/components/staff/requests-section';

/*
 * The documents screens with their requests, composed here because features do not import each
 * other: a company's documents show its period's requests, a client's Home their pending ones.
 */

/** /documentos/empresa/:businessId (and a folder of it), for the staff. */
export function BusinessDocumentsRoute() {
  return <BusinessDocumentsPage RequestsSection={RequestsSection} />;
}

/** A client's Home and /carpeta/…, always of their own company; Home also shows their monthly report and account statement. */
export function ClientDocumentsRoute() {
  return (
    <ClientDocumentsView
      requests={
        <>
          <ClientMonthlyReport />
          <ClientStatement />
          <ClientRequests />
        </>
      }
    />
  );
}
