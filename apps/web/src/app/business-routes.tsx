import { ApprovalsSection } from '../features/approvals/components/approvals-section';
import { BusinessFeesSection } from '../features/billing/components/fees/business-fees-section';
import { BusinessDetailPage } from '../features/businesses/pages/business-detail-page';

/**
 * /empresas/:id with its 'Honorarios' (shown to owners only) and its 'Aprobaciones', composed here
 * because features do not import each other.
 */
export function BusinessDetailRoute() {
  return <BusinessDetailPage FeesSection={BusinessFeesSection} ApprovalsSection={ApprovalsSection} />;
}
