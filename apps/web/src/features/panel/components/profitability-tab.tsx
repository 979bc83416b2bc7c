import { formatDuration } from '@app/shared/duration';
import { formatMoney } from '@app/shared/money';
import { santiagoDate } from '@app/shared/period';
import { Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendarMonth } from '@tabler/icons-react';
import { useState } from 'react';
import { useProfitability } from '../../../api/panel/profitability';
import { LoadError } from '../../../components/load-error';
import { monthTitle } from '../../../components/period-picker';
import { WarningAlert } from '../../../components/warning-alert';

const pad = (value: number) => String(value).padStart(2, '0');
const percent = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1, minimumFractionDigits: 0 });
const hours = (minutes: number) => formatDuration(minutes);

/**
 * 'Rentabilidad' (owners): each company's month — 'Honorarios' (the net of its issued charges), the
 * hours logged, their cost (hours × each person's hourly cost), the margin and its percentage of the
 * fee — worst margin first, then the month's hours per service. A company with hours and no fee
 * shows its cost as a loss.
 */
export function ProfitabilityTab() {
  const today = santiagoDate();
  const [period, setPeriod] = useState(() => ({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) }));
  const result = useProfitability(period.year, period.month);
  const data = result.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <MonthPickerInput
          label="Mes"
          leftSection={<IconCalendarMonth size={16} aria-hidden />}
          value={`${period.year}-${pad(period.month)}-01`}
          valueFormat="MMMM YYYY"
          onChange={(value) => {
            const [year, month] = String(value ?? '')
              .split('-')
              .map(Number);
            if (year && month) setPeriod({ year, month });
          }}
          w={200}
        />
      </Group>
      {result.isError ? (
        <LoadError title="No se pudo cargar la rentabilidad" query={result} />
      ) : !data ? (
        <Loader size="sm" role="status" aria-label="Cargando" />
      ) : (
        <>
          {data.withoutCost.length > 0 && (
            <WarningAlert title="Personas sin costo por hora">
              {data.withoutCost.join(', ')}: sus horas de {monthTitle(period).toLowerCase()} no suman costo.
            </WarningAlert>
          )}
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder aria-label={`Rentabilidad por empresa, ${monthTitle(period)}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Empresa</Table.Th>
                  <Table.Th ta="right">Honorarios</Table.Th>
                  <Table.Th ta="right">Horas</Table.Th>
                  <Table.Th ta="right">Costo</Table.Th>
                  <Table.Th ta="right">Margen</Table.Th>
                  <Table.Th ta="right">Margen %</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text size="sm" c="dimmed">
                        Sin honorarios emitidos ni horas registradas en {monthTitle(period).toLowerCase()}.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {data.rows.map((row) => (
                  <Table.Tr key={row.businessId}>
                    <Table.Td>{row.businessName}</Table.Td>
                    <Table.Td ta="right">{formatMoney(row.fee)}</Table.Td>
                    <Table.Td ta="right">{hours(row.minutes)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(row.cost)}</Table.Td>
                    <Table.Td ta="right" c={row.margin < 0 ? 'red.9' : undefined} fw={600}>
                      {formatMoney(row.margin)}
                    </Table.Td>
                    <Table.Td ta="right" c={row.margin < 0 ? 'red.9' : undefined}>
                      {row.marginPct === null ? '—' : `${percent.format(row.marginPct)} %`}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {data.rows.length > 0 && (
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    <Table.Th ta="right">{formatMoney(data.totals.fee)}</Table.Th>
                    <Table.Th ta="right">{hours(data.totals.minutes)}</Table.Th>
                    <Table.Th ta="right">{formatMoney(data.totals.cost)}</Table.Th>
                    <Table.Th ta="right">{formatMoney(data.totals.margin)}</Table.Th>
                    <Table.Th ta="right">
                      {data.totals.fee > 0 ? `${percent.format((data.totals.margin / data.totals.fee) * 100)} %` : '—'}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </Table.ScrollContainer>
          {data.services.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Horas por servicio
              </Title>
              <Table maw={480} aria-label={`Horas por servicio, ${monthTitle(period)}`}>
                <Table.Tbody>
                  {data.services.map((service) => (
                    <Table.Tr key={service.serviceId ?? 'none'}>
                      <Table.Td>{service.serviceName}</Table.Td>
                      <Table.Td ta="right">{hours(service.minutes)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
