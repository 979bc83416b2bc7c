import { BULK_ACTIVATION_START_DATE, type BusinessServiceOfService } from '@app/shared/schemas/services';
import { Anchor, Button, Group, Switch, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { Link } from 'react-router';
import { useActivateBusinessService } from '../../../api/business-services/activate-business-service';
import { useServiceBusinessServices } from '../../../api/business-services/get-service-business-services';
import { useUpdateAllBusinessServices } from '../../../api/business-services/update-all-business-services';
import { useUpdateBusinessService } from '../../../api/business-services/update-business-service';
import { ListTable } from '../../../components/list-table';
import { DATE_FORMAT, datePickerName, formatDate, today } from '../../../lib/dates';
import { notifyOutcome } from '../../../lib/notify';
import { Section } from './section';

/**
 * 'Empresas' of the service detail: every company with its link. A company that never had the
 * service is activated with POST (from the date picked in its row, or today); an existing link is
 * switched or re-dated with PUT.
 */
export function BusinessesSection({ serviceId }: { serviceId: number }) {
  const rows = useServiceBusinessServices(serviceId);
  const activate = useActivateBusinessService();
  const update = useUpdateBusinessService();
  const updateAll = useUpdateAllBusinessServices();
  // Dates picked on companies that have no link yet: used when their switch is turned on.
  const [pendingDates, setPendingDates] = useState<Record<number, string>>({});

  const setActive = (row: BusinessServiceOfService, active: boolean) => {
    if (row.id === null) {
      if (!active) return;
      const startDate = pendingDates[row.businessId] ?? today();
      activate.mutate({ businessId: row.businessId, serviceId, startDate }, notifyOutcome);
      return;
    }
    update.mutate({ businessId: row.businessId, serviceId, active }, notifyOutcome);
  };

  const setStartDate = (row: BusinessServiceOfService, startDate: string | null) => {
    if (!startDate) return;
    if (row.id === null) {
      setPendingDates((dates) => ({ ...dates, [row.businessId]: startDate }));
      return;
    }
    update.mutate({ businessId: row.businessId, serviceId, startDate }, notifyOutcome);
  };

  const confirmAll = (active: boolean) =>
    modals.openConfirmModal({
      title: active ? 'Activar todo' : 'Desactivar todo',
      children: (
        <Text size="sm">
          {active
            ? `Se activará el servicio en todas las empresas, con fecha de inicio ${formatDate(BULK_ACTIVATION_START_DATE)}. ¿Continuar?`
            : 'Se desactivará el servicio en todas las empresas. ¿Continuar?'}
        </Text>
      ),
      labels: { confirm: active ? 'Activar todo' : 'Desactivar todo', cancel: 'Cancelar' },
      confirmProps: { color: active ? 'blue' : 'red' },
      onConfirm: () =>
        updateAll.mutate(
          active ? { serviceId, active, startDate: BULK_ACTIVATION_START_DATE } : { serviceId, active },
          notifyOutcome,
        ),
    });

  const busy = activate.isPending || update.isPending;

  return (
    <Section
      title="Empresas"
      actions={
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => confirmAll(false)}
            loading={updateAll.isPending}
          >
            Desactivar todo
          </Button>
          <Button size="xs" onClick={() => confirmAll(true)} loading={updateAll.isPending}>
            Activar todo
          </Button>
        </Group>
      }
    >
      <ListTable
        height={rows.data && rows.data.length > 10 ? 600 : undefined}
        emptyHeight={120}
        query={rows}
        noRecordsText="No hay empresas"
        errorText="No se pudieron cargar las empresas"
        records={rows.data ?? []}
        idAccessor="businessId"
        columns={[
          {
            accessor: 'business.name',
            title: 'Empresa',
            render: (row) => (
              <Anchor component={Link} to={`/empresas/${row.businessId}`} size="sm">
                {row.business.name}
              </Anchor>
            ),
          },
          { accessor: 'business.rut', title: 'RUT', noWrap: true },
          {
            accessor: 'startDate',
            title: 'Fecha Inicio',
            width: 170,
            render: (row) => (
              <DatePickerInput
                size="xs"
                aria-label={datePickerName(
                  `Fecha inicio ${row.business.name}`,
                  row.startDate ?? pendingDates[row.businessId],
                  'Elegir fecha',
                )}
                placeholder="Elegir fecha"
                valueFormat={DATE_FORMAT}
                value={row.startDate ?? pendingDates[row.businessId] ?? null}
                onChange={(value) => setStartDate(row, value)}
                minDate="2010-01-01"
                popoverProps={{ withinPortal: true }}
              />
            ),
          },
          {
            accessor: 'active',
            title: 'Activo',
            render: (row) => (
              <Switch
                checked={row.active}
                disabled={busy}
                onChange={(event) => setActive(row, event.currentTarget.checked)}
                aria-label={`Servicio activo en ${row.business.name}`}
              />
            ),
          },
        ]}
      />
      <Text size="xs" c="dimmed" mt="xs">
        Al activar una empresa sin fecha de inicio se usa la fecha elegida en su fila o, si no hay, la de hoy.
      </Text>
    </Section>
  );
}
