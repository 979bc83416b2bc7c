import { ACTIVITY_KINDS } from '@app/shared/activity';
import { activityMsg } from '@app/shared/messages-trust';
import { Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useExportActivity } from '../../../api/activity/export-activity';
import { useActivityLog } from '../../../api/activity/get-activity';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import { useUsers } from '../../../api/users/get-users';
import { ActivityTable } from '../../../components/activity/activity-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { type ActivityFilter, activityFilterOf, withActivityFilter } from '../../../lib/activity-params';
import { notifyError } from '../../../lib/notify';

const KIND_OPTIONS = Object.entries(ACTIVITY_KINDS).map(([value, label]) => ({ value, label }));

const idText = (id: number | null) => (id ? String(id) : null);
const idOf = (value: string | null) => (value ? Number(value) : null);

/**
 * Actividad, owners only: who did what, when, from where, newest first, 50 at a time
 * ('Cargar más'). The filters — Usuario, Empresa, Tipo, Desde, Hasta — live in the address, so a
 * reload, Back or a link (/actividad?empresa=12&tipo=credential) shows the same entries, and
 * 'Exportar CSV' downloads every entry they match.
 */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filter = activityFilterOf(params);
  const log = useActivityLog(filter);
  const users = useUsers();
  const businesses = useBusinesses();
  const exporter = useExportActivity();

  const set = <Key extends keyof ActivityFilter>(key: Key, value: ActivityFilter[Key]) =>
    setParams((current) => withActivityFilter(current, key, value), { preventScrollReset: true });

  const userOptions = useMemo(
    () =>
      (users.data ?? []).map((user) => ({
        value: String(user.id),
        label: `${user.name} ${user.lastName}`.trim() || user.email,
      })),
    [users.data],
  );
  const businessOptions = useMemo(
    () => (businesses.data ?? []).map((business) => ({ value: String(business.id), label: business.name })),
    [businesses.data],
  );
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.rows) ?? [], [log.data]);

  const clearProps = (name: string) => ({ 'aria-label': `Quitar ${name}`, 'aria-hidden': false, tabIndex: 0 });

  return (
    <>
      <PageHeader
        title={activityMsg.title}
        crumbs={[{ label: 'Inicio', to: '/' }, { label: activityMsg.title }]}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporter.isPending}
            disabled={entries.length === 0}
            onClick={() => exporter.mutateAsync(filter).catch((error: unknown) => notifyError(error))}
          >
            {activityMsg.exportCsv}
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" mb="md">
        <Select
          label="Usuario"
          placeholder="Todos"
          data={userOptions}
          value={idText(filter.userId)}
          onChange={(value) => set('userId', idOf(value))}
          searchable
          clearable
          clearButtonProps={clearProps('usuario')}
          nothingFoundMessage="No hay usuarios"
        />
        <Select
          label="Empresa"
          placeholder="Todas"
          data={businessOptions}
          value={idText(filter.businessId)}
          onChange={(value) => set('businessId', idOf(value))}
          searchable
          clearable
          clearButtonProps={clearProps('empresa')}
          nothingFoundMessage="No hay empresas"
        />
        <Select
          label="Tipo"
          placeholder="Todos"
          data={KIND_OPTIONS}
          value={filter.kind}
          onChange={(value) => set('kind', value)}
          searchable
          clearable
          clearButtonProps={clearProps('tipo')}
          nothingFoundMessage="No hay tipos"
        />
        <DateField label="Desde" value={filter.from} onChange={(value) => set('from', value)} />
        <DateField label="Hasta" value={filter.to} onChange={(value) => set('to', value)} />
      </SimpleGrid>
      <Stack gap="md">
        <ActivityTable entries={entries} query={log} />
        {log.hasNextPage && (
          <Group justify="center">
            <Button variant="default" loading={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
              {activityMsg.loadMore}
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}
