import { ClientApprovals } from '../features/approvals/components/client-approvals';
import { FileApproval } from '../features/approvals/components/file-approval';
import { ClientStatement } from '../features/billing/components/client/client-statement';
import { BusinessDocumentsPage } from '../features/documents/pages/business-documents-page';
import { ClientDocumentsView } from '../features/documents/pages/client-documents-view';
import { ClientMonthlyReport } from '../features/monthly-report/components/client-monthly-report';
import { ClientRequests } from '../features/requests/components/client/client-requests';
import { RequestsSection } from '../features/requests/components/staff/requests-section';

/*
 * The documents screens with their requests, composed here because features do not import each
 * other: a company's documents show its period's requests and each file's approval, a client's Home
 * their pending requests and approvals.
 */

/** /documentos/empresa/:businessId (and a folder of it), for the staff. */
export function BusinessDocumentsRoute() {
  return <BusinessDocumentsPage RequestsSection={RequestsSection} FileApproval={FileApproval} />;
}

/** A client's Home and /carpeta/…, always of their own company; Home also shows their approvals, monthly report and account statement. */
export function ClientDocumentsRoute() {
  return (
    <ClientDocumentsView
      requests={
        <>
          <ClientApprovals />
          <ClientMonthlyReport />
          <ClientStatement />
          <ClientRequests />
        </>
      }
    />
  );
}
