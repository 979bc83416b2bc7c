import { BusinessFeesSection } from '../features/billing/components/fees/business-fees-section';
import { BusinessDetailPage } from '../features/businesses/pages/business-detail-page';

/** /empresas/:id with its 'Honorarios' (shown to owners only), composed here because features do not import each other. */
export function BusinessDetailRoute() {
  return <BusinessDetailPage FeesSection={BusinessFeesSection} />;
}
