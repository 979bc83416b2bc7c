import { BusinessFeesSection } from '../features/billing/components/fees/business-fees-section';
import { BusinessDetailPage } from '../features/businesses/pages/business-detail-page';
import { MonthlyReportButton } from '../features/monthly-report/components/monthly-report-button';

/** /empresas/:id with its 'Honorarios' (shown to owners only) and its 'Informe mensual', composed here because features do not import each other. */
export function BusinessDetailRoute() {
  return <BusinessDetailPage FeesSection={BusinessFeesSection} ReportButton={MonthlyReportButton} />;
}
