import { documentsMsg } from '@app/shared/messages-documents';
import { currentPeriod } from '@app/shared/period';
import type { Business } from '@app/shared/schemas/businesses';
import { Anchor } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import { ListPage } from '../../../components/list-page';
import { filterBusinesses } from '../../../lib/business-filter';
import { staffFolderPath } from '../utils/paths';

/** The companies whose name, RUT (with or without dots and dash) or legal representative hold the search. */
const findBusinesses = (businesses: Business[], search: string) =>
  filterBusinesses(businesses, search, null, (business) => ({
    ...business,
    name: `${business.name} ${business.legalRepresentative}`,
  }));

/**
 * Documentos: the companies, searched by name, RUT and legal representative;
 * a row (or the link on its name, with the keyboard) opens that company's folders of the current period.
 */
export function DocumentsPage() {
  const businesses = useBusinesses();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  const filtered = useMemo(() => findBusinesses(businesses.data ?? [], search), [businesses.data, search]);
  const pathOf = (business: Business) => staffFolderPath(business.id, null, currentPeriod());

  return (
    <ListPage
      title={documentsMsg.documentsTitle}
      search={{
        label: documentsMsg.searchCompanyLabel,
        placeholder: documentsMsg.searchCompanyPlaceholder,
        value: search,
        onChange: setSearch,
      }}
      query={businesses}
      rows={filtered}
      noRecordsText={documentsMsg.noCompanies}
      errorText={documentsMsg.companiesFailed}
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
  );
}
