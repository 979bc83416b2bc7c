import { documentsMsg } from '@app/shared/messages-documents';
import { currentPeriod } from '@app/shared/period';
import type { Business } from '@app/shared/schemas/businesses';
import { Anchor } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import { ListTable, pagerControlProps, paginationText } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useSortedRecords } from '../../../components/use-sorted-records';
import { normalizeSearch } from '../../../lib/search';
import { staffFolderPath } from '../utils/paths';

/** Rows a page: 2,000 companies stay quick to render and to search. */
const PAGE_SIZE = 50;

/** The companies whose name, RUT (with or without dots and dash) or legal representative hold the search. */
function filterBusinesses(businesses: Business[], search: string): Business[] {
  const query = normalizeSearch(search.trim());
  if (!query) return businesses;
  const rutQuery = query.replace(/[.\-\s]/g, '');
  return businesses.filter(
    (business) =>
      normalizeSearch(`${business.name} ${business.legalRepresentative}`).includes(query) ||
      (rutQuery.length > 0 && normalizeSearch(business.rut.replace(/[.-]/g, '')).includes(rutQuery)),
  );
}

/**
 * Documentos (spec 2 "Documentos"): the companies, searched by name, RUT and legal representative;
 * a row (or the link on its name, with the keyboard) opens that company's folders of the current period.
 */
export function DocumentsPage() {
  const businesses = useBusinesses();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const filtered = useMemo(() => filterBusinesses(businesses.data ?? [], search), [businesses.data, search]);
  const { records, sortStatus, setSortStatus } = useSortedRecords(filtered, {
    columnAccessor: 'name',
    direction: 'asc',
  });
  const lastPage = Math.max(1, Math.ceil(records.length / PAGE_SIZE));
  const shownPage = Math.min(page, lastPage);
  const pageRecords = records.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);
  const pathOf = (business: Business) => staffFolderPath(business.id, null, currentPeriod());

  return (
    <>
      <PageHeader
        title={documentsMsg.documentsTitle}
        crumbs={[{ label: 'Inicio', to: '/' }, { label: documentsMsg.documentsTitle }]}
      />
      <SearchInput
        label={documentsMsg.searchCompanyLabel}
        placeholder={documentsMsg.searchCompanyPlaceholder}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <ListTable
        highlightOnHover
        query={businesses}
        noRecordsText={documentsMsg.noCompanies}
        errorText={documentsMsg.companiesFailed}
        records={pageRecords}
        sortStatus={sortStatus}
        onSortStatusChange={(status) => {
          setSortStatus(status);
          setPage(1);
        }}
        totalRecords={records.length}
        recordsPerPage={PAGE_SIZE}
        page={shownPage}
        onPageChange={setPage}
        paginationText={paginationText}
        getPaginationControlProps={pagerControlProps}
        getPaginationItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
        onRowClick={({ record, event }) => {
          // The name's own link already navigates.
          if ((event.target as HTMLElement).closest('a')) return;
          navigate(pathOf(record));
        }}
        columns={[
          {
            accessor: 'name',
            title: 'Nombre',
            sortable: true,
            render: (business) => (
              <Anchor component={Link} to={pathOf(business)} size="sm" fw={500}>
                {business.name}
              </Anchor>
            ),
          },
          { accessor: 'rut', title: 'rut', sortable: true, noWrap: true },
          { accessor: 'legalRepresentative', title: 'Propietario', sortable: true },
        ]}
      />
    </>
  );
}
