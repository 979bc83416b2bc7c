import { companiesMsg } from '@app/shared/messages-companies';
import type { Business } from '@app/shared/schemas/businesses';
import { Group, Switch, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import { useGroup } from '../../../api/groups/get-group';
import { useUpdateGroup } from '../../../api/groups/update-group';
import { DetailPage } from '../../../components/detail-page';
import { FormCard } from '../../../components/form-card';
import { ListTable } from '../../../components/list-table';
import { SearchInput } from '../../../components/search-input';
import { useFormFromRecord } from '../../../components/use-form-from-record';
import { useSortedRecords } from '../../../components/use-sorted-records';
import { showServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { normalizeSearch } from '../../../lib/search';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { GroupFormFields, useGroupForm } from '../components/group-form';

/** BusinessGroupDetail: the group form, and one switch per company that saves at once. */
export function GroupDetailPage() {
  const groupId = Number(useParams().groupId);
  const group = useGroup(groupId);
  const businesses = useBusinesses();
  const update = useUpdateGroup();
  const form = useGroupForm();
  const [search, setSearch] = useState('');
  // The switch being saved, shown in its new position at once; the others wait, so every PUT
  // carries the complete, current list.
  const [saving, setSaving] = useState<{ id: number; included: boolean } | null>(null);
  const savingId = saving?.id ?? null;
  const loaded = group.data;
  useFormFromRecord(form, loaded, ({ name, description }) => ({ name, description }));

  const memberIds = useMemo(() => new Set(loaded?.businessesIds ?? []), [loaded]);
  const filtered = useMemo(() => {
    const query = normalizeSearch(search.trim());
    const all = businesses.data ?? [];
    return query ? all.filter((business) => normalizeSearch(`${business.name} ${business.rut}`).includes(query)) : all;
  }, [businesses.data, search]);
  const { records, sortStatus, setSortStatus } = useSortedRecords(filtered, {
    columnAccessor: 'name',
    direction: 'asc',
  });

  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => update.mutateAsync({ ...values, id: groupId }), {
      onSaved: () => form.resetDirty(),
      onError: (error) => showServerErrors(form, error, { message: companiesMsg.groupSaveFailed }),
    }),
  );

  const toggle = async (business: Business, included: boolean) => {
    if (!loaded) return;
    const ids = included
      ? [...loaded.businessesIds, business.id]
      : loaded.businessesIds.filter((id) => id !== business.id);
    setSaving({ id: business.id, included });
    try {
      // The saved name and description: unsaved edits in the form above stay unsaved.
      const result = await update.mutateAsync({
        id: groupId,
        name: loaded.name,
        description: loaded.description,
        businessesIds: ids,
      });
      notifySuccess(result.message);
    } catch {
      notifyError(companiesMsg.groupSaveFailed);
    } finally {
      setSaving(null);
    }
  };

  return (
    <DetailPage
      query={group}
      list={{ label: 'Grupos de Empresas', to: '/grupos-empresas' }}
      fallbackTitle="Grupo"
      errorTitle="No se pudo cargar el grupo"
    >
      {() => (
        <>
          <FormCard
            id="datos-grupo"
            title="Datos del grupo"
            onSubmit={submit}
            saving={update.isPending && savingId === null}
          >
            <GroupFormFields form={form} />
          </FormCard>
          <section aria-labelledby="empresas-del-grupo">
            <Title order={3} id="empresas-del-grupo" mb="sm">
              Empresas
            </Title>
            <SearchInput label="Buscar empresa" placeholder="Nombre o RUT" value={search} onChange={setSearch} />
            <ListTable
              highlightOnHover
              query={businesses}
              noRecordsText="No hay empresas"
              errorText="No se pudieron cargar las empresas"
              search={search}
              records={records}
              sortStatus={sortStatus}
              onSortStatusChange={setSortStatus}
              columns={[
                { accessor: 'name', title: 'Nombre', sortable: true },
                { accessor: 'rut', title: 'RUT', sortable: true, noWrap: true },
                {
                  accessor: 'member',
                  title: 'En el grupo',
                  textAlign: 'center',
                  render: (business) => (
                    <Group justify="center">
                      <Switch
                        aria-label={`${business.name} en el grupo`}
                        checked={saving?.id === business.id ? saving.included : memberIds.has(business.id)}
                        disabled={savingId !== null}
                        onChange={(event) => toggle(business, event.currentTarget.checked)}
                      />
                    </Group>
                  ),
                },
              ]}
            />
          </section>
        </>
      )}
    </DetailPage>
  );
}
