import { lazy } from 'react';
import { DataProtectionPage } from '../features/data-protection/pages/data-protection-page';

// 'Buscar titular' is the data subjects feature's tab: features do not import each other, so the app
// hands it to the page (it loads when the tab is first shown).
const SubjectSearchTab = lazy(() =>
  import('../features/data-subjects/components/subject-search-tab').then((m) => ({ default: m.SubjectSearchTab })),
);

/** /proteccion-datos with its 'Buscar titular' tab. */
export function DataProtectionRoute() {
  return <DataProtectionPage SearchTab={SubjectSearchTab} />;
}
