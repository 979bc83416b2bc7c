import { companiesMsg } from '@app/shared/messages-companies';
import { importMsg } from '@app/shared/messages-import';
import { can } from '@app/shared/permissions';
import { type Business, splitContacts } from '@app/shared/schemas/businesses';
import { Button, Select, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDeleteBusiness } from '../../../api/businesses/delete-business';
import { useExportBusinesses } from '../../../api/businesses/export-businesses';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import { useResponsibleOptions } from '../../../api/businesses/get-responsible-options';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { ExportButton } from '../../../components/export-button';
import { ListPage } from '../../../components/list-page';
import { RowActions } from '../../../components/row-actions';
import { formatDate } from '../../../lib/dates';
import { notifyOutcome } from '../../../lib/notify';
import { normalizeSearch } from '../../../lib/search';
import { useCurrentUser } from '../../../lib/session';
import { BusinessCreateModal } from '../components/business-create-modal';
import { BusinessImportModal } from '../components/import/business-import-modal';

/**
 * Narrower windows keep name, RUT and the actions (and the contract start and representative from
 * 900 px), so no column or action needs a sideways scroll; the detail page shows the rest.
 */
const MEDIUM = '(min-width: 900px)';
const WIDE = '(min-width: 1200px)';
/** A name with a long word (a code, a RUT typed without dots) breaks anywhere rather than push 'Acciones' out of view. */
const BREAK_LONG_WORDS = () => ({ overflowWrap: 'anywhere' as const });

/** How 'Mis empresas' was once spelled in this list's address; links with it still open the user's own companies. */
const OLD_MINE = 'mine';

/** The Empresas list, for owners and collaborators; only an owner deletes. */
export function BusinessesPage() {
  const user = useCurrentUser();
  const canDelete = can(user, 'businesses:delete');
  const businesses = useBusinesses();
  const deleteBusiness = useDeleteBusiness();
  const exporter = useExportBusinesses();
  const [createOpened, setCreateOpened] = useState(false);
  const canImport = can(user, 'businesses:import');
  const [importOpened, setImportOpened] = useState(false);
  const [search, setSearch] = useState('');
  // 'Encargado' filter, kept in the URL as the boards spell it (?encargado=<user id>|none; 'Mis
  // empresas' is the user's own id). The former ?encargado=mine of old links is read and rewritten.
  const [params, setParams] = useSearchParams();
  const responsibleOptions = useResponsibleOptions();
  const ownId = String(user.id);
  const rawFilter = params.get('encargado') ?? '';
  const requestedFilter = rawFilter === OLD_MINE ? ownId : rawFilter;
  useEffect(() => {
    if (rawFilter !== OLD_MINE) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('encargado', ownId);
        return next;
      },
      { replace: true },
    );
  }, [rawFilter, ownId, setParams]);
  // A value the filter does not offer (an old link, a user since deleted) shows every company.
  const offered =
    requestedFilter === ownId ||
    requestedFilter === 'none' ||
    (responsibleOptions.data
      ? responsibleOptions.data.some((option) => String(option.id) === requestedFilter)
      : /^[1-9]\d{0,9}$/.test(requestedFilter));
  const responsibleFilter = offered ? requestedFilter : '';
  const responsibleNames = useMemo(
    () => new Map((responsibleOptions.data ?? []).map((option) => [option.id, option.name])),
    [responsibleOptions.data],
  );
  const setResponsibleFilter = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('encargado', value);
        else next.delete('encargado');
        return next;
      },
      { replace: true },
    );

  const filtered = useMemo(() => {
    const query = normalizeSearch(search.trim());
    const wanted = responsibleFilter === 'none' ? null : Number(responsibleFilter);
    const all = (businesses.data ?? []).filter(
      (business) => responsibleFilter === '' || business.responsibleUserId === wanted,
    );
    if (!query) return all;
    const rutQuery = query.replace(/[.\-\s]/g, '');
    return all.filter(
      (business) =>
        normalizeSearch(
          `${business.name} ${business.razonSocial} ${business.legalRepresentative} ${business.contact}`,
        ).includes(query) ||
        (rutQuery.length > 0 && normalizeSearch(business.rut.replace(/[.-]/g, '')).includes(rutQuery)),
    );
  }, [businesses.data, search, responsibleFilter]);

  const confirmDelete = (business: Business) =>
    openDeleteConfirm({
      title: 'Eliminar Empresa',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            ¿Estás seguro de eliminar la empresa <b>{business.name}</b> ({business.rut})?
          </Text>
          <Text size="sm" c="red" fw={500}>
            {companiesMsg.businessDeleteWarning} Esta acción no se puede deshacer.
          </Text>
        </Stack>
      ),
      onConfirm: () => deleteBusiness.mutate(business.id, notifyOutcome),
    });

  return (
    <ListPage
      title="Empresas"
      onCreate={() => setCreateOpened(true)}
      headerActions={(shown) => (
        <>
          {/* Exactly the companies shown (search, 'Encargado' and sort), in their order. */}
          <ExportButton
            pending={exporter.isPending}
            disabled={shown.length === 0}
            onExport={() => exporter.mutateAsync({ ids: shown.map((business) => business.id) })}
          />
          {canImport && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImportOpened(true)}
            >
              {importMsg.importButton}
            </Button>
          )}
        </>
      )}
      search={{
        label: 'Buscar empresa',
        placeholder: 'Nombre, razón social, RUT o contacto',
        value: search,
        onChange: setSearch,
      }}
      filters={
        <Select
          label={companiesMsg.responsibleLabel}
          w={240}
          data={[
            { value: '', label: 'Todos' },
            { value: ownId, label: 'Mis empresas' },
            { value: 'none', label: companiesMsg.noResponsible },
            ...(responsibleOptions.data ?? [])
              .filter((option) => String(option.id) !== ownId)
              .map((option) => ({ value: String(option.id), label: option.name })),
          ]}
          value={responsibleFilter}
          onChange={setResponsibleFilter}
          allowDeselect={false}
          searchable
        />
      }
      query={businesses}
      rows={filtered}
      noRecordsText="No hay empresas"
      errorText="No se pudieron cargar las empresas"
      columns={[
        { accessor: 'name', title: 'Nombre', sortable: true, cellsStyle: BREAK_LONG_WORDS },
        {
          accessor: 'razonSocial',
          title: 'Razon social',
          sortable: true,
          visibleMediaQuery: WIDE,
          cellsStyle: BREAK_LONG_WORDS,
        },
        { accessor: 'rut', title: 'RUT', sortable: true, noWrap: true },
        {
          accessor: 'startContract',
          title: 'Inicio_contrato',
          sortable: true,
          visibleMediaQuery: MEDIUM,
          noWrap: true,
          render: (business) => formatDate(business.startContract),
        },
        {
          accessor: 'legalRepresentative',
          title: 'Representante Legal',
          sortable: true,
          visibleMediaQuery: MEDIUM,
          cellsStyle: BREAK_LONG_WORDS,
        },
        {
          accessor: 'responsibleUserId',
          title: companiesMsg.responsibleLabel,
          visibleMediaQuery: MEDIUM,
          render: (business) =>
            business.responsibleUserId === null ? (
              <Text size="sm" c="dimmed">
                {companiesMsg.noResponsible}
              </Text>
            ) : (
              (responsibleNames.get(business.responsibleUserId) ?? '')
            ),
        },
        {
          accessor: 'contact',
          title: 'Contacto',
          visibleMediaQuery: WIDE,
          render: (business) => (
            <Stack gap={0}>
              {splitContacts(business.contact).map((address) => (
                // An address has no space to wrap at: it breaks anywhere rather than push 'Acciones' out of view.
                <Text key={address} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {address}
                </Text>
              ))}
            </Stack>
          ),
        },
      ]}
      actions={(business) => (
        <RowActions
          label={business.name}
          editTo={`/empresas/${business.id}`}
          onDelete={canDelete ? () => confirmDelete(business) : undefined}
        />
      )}
    >
      <BusinessCreateModal opened={createOpened} onClose={() => setCreateOpened(false)} />
      {canImport && <BusinessImportModal opened={importOpened} onClose={() => setImportOpened(false)} />}
    </ListPage>
  );
}
