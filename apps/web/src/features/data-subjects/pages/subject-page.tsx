import { dataSubjectsMsg } from '@app/shared/messages-data-subjects';
import { PageHeader } from '../../../components/page-header';
import { SubjectSearchTab } from '../components/subject-search-tab';

/**
 * 'Buscar titular' on a page of its own (/proteccion-datos/titular): the same screen as the tab of
 * 'Protección de datos', reachable by its address.
 */
export function SubjectPage() {
  return (
    <>
      <PageHeader
        title={dataSubjectsMsg.title}
        crumbs={[{ label: 'Inicio', to: '/' }, { label: dataSubjectsMsg.title }]}
      />
      <SubjectSearchTab />
    </>
  );
}
