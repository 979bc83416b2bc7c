import { compareNames } from '@app/shared/collator';
import { addDays, formatDuration, mondayOf } from '@app/shared/duration';
import { timeMsg } from '@app/shared/messages-time';
import { can } from '@app/shared/permissions';
import type { TimeEntry } from '@app/shared/schemas/time';
import { Box, Button, Group, Loader, Modal, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { exportWeek, useDeleteTimeEntry, useTimeWeek } from '../../../api/time/entries';
import { useUsers } from '../../../api/users/get-users';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { ExportButton } from '../../../components/export-button';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSantiagoToday } from '../../../lib/santiago-today';
import { useCurrentUser } from '../../../lib/session';
import { HourlyCosts } from '../components/hourly-costs';
import { TimeEntryForm } from '../components/time-entry-form';

const WEEKDAYS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];
const chilean = (isoDate: string) => isoDate.split('-').reverse().join('-');
const shortDay = (isoDate: string, index: number) => `${WEEKDAYS[index]} ${isoDate.slice(8, 10)}`;
const cell = (minutes: number) => (minutes > 0 ? formatDuration(minutes) : '');

/** The week (?semana=Monday) and, for owners, whose (?usuario=) in the address. */
function useShownWeek() {
  const today = useSantiagoToday();
  const [params, setParams] = useSearchParams();
  const asked = params.get('semana');
  const monday = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? mondayOf(asked) : mondayOf(today);
  const userParam = Number(params.get('usuario'));
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return {
    today,
    monday,
    userId: Number.isInteger(userParam) && userParam > 0 ? userParam : undefined,
    go: (weeks: number) => set('semana', addDays(monday, weeks * 7)),
    thisWeek: () => set('semana', null),
    setUser: (id: string | null) => set('usuario', id),
  };
}

/** 'Registro de tiempo': the week's grid of companies × days, its entries, a form to add one; owners pick whose week and set hourly costs. */
export function TimePage() {
  const user = useCurrentUser();
  const isOwner = can(user, 'time:manage');
  const shown = useShownWeek();
  const week = useTimeWeek(shown.monday, shown.userId);
  const users = useUsers();
  const remove = useDeleteTimeEntry();
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const ownWeek = shown.userId === undefined || shown.userId === user.id;
  const lastDay = addDays(shown.monday, 6);
  const defaultDate = shown.today >= shown.monday && shown.today <= lastDay ? shown.today : shown.monday;

  const staffOptions = [...(users.data ?? [])]
    .filter((staff) => staff.role !== 'client')
    .map((staff) => ({ value: String(staff.id), label: `${staff.name} ${staff.lastName}`.trim() }))
    .sort((a, b) => compareNames(a.label, b.label));

  const confirmDelete = (entry: TimeEntry) =>
    openDeleteConfirm({
      title: 'Eliminar registro de tiempo',
      children: (
        <Text size="sm">
          ¿Eliminar {formatDuration(entry.minutes ?? 0)} de {entry.businessName} del {chilean(entry.date)}?
        </Text>
      ),
      onConfirm: () =>
        remove.mutate(entry.id, {
          onSuccess: (result) => notifySuccess(result.message),
          onError: (error) => notifyError(error),
        }),
    });

  return (
    <>
      <PageHeader
        title={timeMsg.title}
        crumbs={[{ label: 'Inicio', to: '/' }, { label: timeMsg.title }]}
        actions={
          <Group gap="xs">
            {can(user, 'panel:profitability') && (
              <Button component={Link} to="/panel?vista=rentabilidad" variant="default">
                {timeMsg.profitabilityTitle}
              </Button>
            )}
            <ExportButton
              pending={exporting}
              disabled={!week.data || week.data.rows.length === 0}
              onExport={async () => {
                setExporting(true);
                try {
                  await exportWeek(shown.monday, shown.userId);
                } finally {
                  setExporting(false);
                }
              }}
            />
          </Group>
        }
      />
      <Stack gap="lg" maw={1200}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              size="sm"
              onClick={() => shown.go(-1)}
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              aria-label="Semana anterior"
            >
              <Text span size="sm" visibleFrom="sm">
                Anterior
              </Text>
            </Button>
            <Title order={2} size="h4" aria-live="polite">
              Semana del {chilean(shown.monday)} al {chilean(lastDay)}
            </Title>
            <Button
              variant="default"
              size="sm"
              onClick={() => shown.go(1)}
              rightSection={<IconChevronRight size={16} aria-hidden />}
              aria-label="Semana siguiente"
            >
              <Text span size="sm" visibleFrom="sm">
                Siguiente
              </Text>
            </Button>
          </Group>
          <Group gap="xs">
            <Button variant="subtle" size="sm" onClick={shown.thisWeek}>
              Esta semana
            </Button>
            {isOwner && (
              <Select
                aria-label="Usuario"
                placeholder="Usuario"
                data={staffOptions}
                value={String(shown.userId ?? user.id)}
                onChange={(value) => shown.setUser(value === String(user.id) ? null : value)}
                searchable
                allowDeselect={false}
                w={220}
              />
            )}
          </Group>
        </Group>

        {week.isError ? (
          <LoadError title="No se pudo cargar la semana" query={week} />
        ) : !week.data ? (
          <Loader size="sm" role="status" aria-label="Cargando" />
        ) : (
          <>
            {/* Scrolls sideways on a phone; focusable, so the keyboard scrolls it too. */}
            <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Semana por empresa">
              <Table striped withTableBorder miw={640} aria-label="Horas de la semana por empresa">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Empresa</Table.Th>
                    {week.data.days.map((day, index) => (
                      <Table.Th key={day} ta="right">
                        {shortDay(day, index)}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {week.data.rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={9}>
                        <Text size="sm" c="dimmed">
                          Sin tiempo registrado esta semana.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {week.data.rows.map((row) => (
                    <Table.Tr key={row.businessId}>
                      <Table.Td>{row.businessName}</Table.Td>
                      {row.minutes.map((minutes, index) => (
                        <Table.Td key={week.data.days[index]} ta="right">
                          {cell(minutes)}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right" fw={600}>
                        {formatDuration(row.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    {week.data.dayTotals.map((minutes, index) => (
                      <Table.Th key={week.data.days[index]} ta="right">
                        {cell(minutes)}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right" data-testid="week-total">
                      {formatDuration(week.data.total)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Box>

            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="registros-semana">
              <Title order={3} size="h5" id="registros-semana" mb="sm">
                Registros de la semana
              </Title>
              {week.data.entries.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No hay registros.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={520}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Fecha</Table.Th>
                        <Table.Th>Empresa</Table.Th>
                        <Table.Th>Servicio</Table.Th>
                        <Table.Th ta="right">Duración</Table.Th>
                        <Table.Th>Nota</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {week.data.entries.map((entry) => (
                        <Table.Tr key={entry.id}>
                          <Table.Td>{chilean(entry.date)}</Table.Td>
                          <Table.Td>{entry.businessName}</Table.Td>
                          <Table.Td>{entry.serviceName ?? ''}</Table.Td>
                          <Table.Td ta="right">{formatDuration(entry.minutes ?? 0)}</Table.Td>
                          <Table.Td>{entry.note}</Table.Td>
                          <Table.Td>
                            <RowActions
                              label={`registro de ${entry.businessName} del ${chilean(entry.date)}`}
                              onEdit={() => setEditing(entry)}
                              onDelete={() => confirmDelete(entry)}
                            />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </>
        )}

        {ownWeek && (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="agregar-registro">
            <Title order={3} size="h5" id="agregar-registro" mb="sm">
              Agregar registro
            </Title>
            <TimeEntryForm key={shown.monday} defaultDate={defaultDate} />
          </Paper>
        )}

        {isOwner && (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="costos-por-hora">
            <Title order={3} size="h5" id="costos-por-hora" mb="sm">
              Costo por hora
            </Title>
            <HourlyCosts />
          </Paper>
        )}
      </Stack>

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Modificar registro de tiempo" size="lg">
        {editing && <TimeEntryForm entry={editing} defaultDate={editing.date} onDone={() => setEditing(null)} />}
      </Modal>
    </>
  );
}
