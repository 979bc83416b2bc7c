import { ApprovalsSection } from '../features/approvals/components/approvals-section';
import { BusinessFeesSection } from '../features/billing/components/fees/business-fees-section';
import { BusinessDetailPage } from '../features/businesses/pages/business-detail-page';
import { BusinessMessagesSection } from '../features/messages/components/messages-section';

/**
 * /empresas/:id with its 'Honorarios' (shown to owners only), its 'Aprobaciones' and its 'Mensajes' thread,
 * composed here because features do not import each other.
 */
export function BusinessDetailRoute() {
  return (
    <BusinessDetailPage
      FeesSection={BusinessFeesSection}
      ApprovalsSection={ApprovalsSection}
      MessagesSection={BusinessMessagesSection}
    />
  );
}
