import { ApprovalsSection } from '../features/approvals/components/approvals-section';
import { BusinessFeesSection } from '../features/billing/components/fees/business-fees-section';
import { BusinessDetailPage } from '../features/businesses/pages/business-detail-page';
import { BusinessMessagesSection } from '../features/messages/components/messages-section';
import { MonthlyReportButton } from '../features/monthly-report/components/monthly-report-button';
import { WhatsAppContactSection } from '../features/whatsapp/components/whatsapp-contact-section';

/**
 * /empresas/:id with its 'Honorarios' (shown to owners only), its 'Informe mensual', its WhatsApp number
 * and consent, its 'Aprobaciones' and its 'Mensajes' thread, composed here because features do not
 * import each other.
 */
export function BusinessDetailRoute() {
  return (
    <BusinessDetailPage
      FeesSection={BusinessFeesSection}
      ReportButton={MonthlyReportButton}
      ApprovalsSection={ApprovalsSection}
      MessagesSection={BusinessMessagesSection}
      WhatsAppSection={WhatsAppContactSection}
    />
  );
}
