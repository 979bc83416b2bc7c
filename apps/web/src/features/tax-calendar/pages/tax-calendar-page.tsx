import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/months';
import { can } from '@app/shared/permissions';
import type { TaxObligation } from '@app/shared/schemas/tax-calendar';
import { ActionIcon, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useBoardLookups } from '../../../api/businesses/use-board-lookups';
import { useTaxCalendarMonth } from '../../../api/tax-calendar/tax-calendar';
import { ResponsibleFilter } from '../../../components/board/board-filter-controls';
import { useBoardFilters } from '../../../components/board/use-board-filters';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';
import { ObligationLine } from '../components/obligation-line';

const WEEKDAYS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];
const pad = (value: number) => String(value).padStart(2, '0');
const monthName = (month: number) => {
  const key = MONTH_KEYS[month - 1];
  return key ? MONTH_NAMES[key] : String(month);
};

/** The month in the address (?anio=&mes=), else the month of today in Santiago. */
function useShownMonth() {
  const [params, setParams] = useSearchParams();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
  const year = Number(params.get('anio')) || Number(today.slice(0, 4));
  const month = Math.min(12, Math.max(1, Number(params.get('mes')) || Number(today.slice(5, 7))));
  const go = (by: number) => {
    const index = year * 12 + month - 1 + by;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('anio', String(Math.floor(index / 12)));
        next.set('mes', String((index % 12) + 1));
        return next;
      },
      { replace: true },
    );
  };
  return { year, month, go };
}

/** The month's days as weeks (Monday first), with null before the 1st and after the last day. */
function weeksOf(year: number, month: number): (string | null)[][] {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const offset = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [
    ...Array<null>(offset).fill(null),
    ...Array.from({ length: days }, (_, index) => `${year}-${pad(month)}-${pad(index + 1)}`),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

function ObligationList({
  title,
  obligations,
  responsible,
  empty,
}: {
  title: string;
  obligations: TaxObligation[];
  responsible: number | 'none' | null;
  empty: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={4} mb="xs">
        {title}
      </Title>
      {obligations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs">
          {obligations.map((obligation) => (
            <ObligationLine
              key={`${obligation.date}-${obligation.kind}-${obligation.serviceId ?? obligation.key}-${obligation.filing}`}
              obligation={obligation}
              responsible={responsible}
              showDate
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * 'Calendario tributario': each day of the month with the obligations due (the services' due dates
 * of the period falling due, online and paper apart, and the annual dates), how many companies are
 * done, pending and late, each count opening the board; today's and this week's at the top.
 */
export function TaxCalendarPage() {
  const user = useCurrentUser();
  const { staff } = useBoardLookups();
  const filters = useBoardFilters(staff, 'tax-calendar');
  const responsible = filters.values.responsible;
  const { year, month, go } = useShownMonth();
  const query = useTaxCalendarMonth(year, month, responsible);
  const data = query.data;
  const byDate = new Map<string, TaxObligation[]>();
  for (const obligation of data?.obligations ?? []) {
    byDate.set(obligation.date, [...(byDate.get(obligation.date) ?? []), obligation]);
  }
  const title = 'Calendario tributario';

  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Inicio', to: '/' }, { label: title }]} />
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group gap="xs">
          <ActionIcon variant="default" aria-label="Mes anterior" onClick={() => go(-1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Title order={3} aria-live="polite" data-testid="mes-mostrado">
            {monthName(month)} {year}
          </Title>
          <ActionIcon variant="default" aria-label="Mes siguiente" onClick={() => go(1)}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
        <Group gap="xs">
          <ResponsibleFilter
            value={responsible}
            ownId={user.id}
            staff={staff}
            onChange={(value) => filters.row.onFilter('responsible', value)}
          />
          {can(user, 'tax-calendar:manage') && (
            <Button component={Link} to={`/calendario-tributario/at/${year}`} variant="default">
              Calendario AT {year}
            </Button>
          )}
        </Group>
      </Group>
      {query.isError ? (
        <LoadError title="No se pudo cargar el calendario" query={query} />
      ) : !data ? (
        <Loader size="sm" role="status" aria-label="Cargando" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} mb="md">
            <ObligationList
              title="Hoy"
              obligations={data.week.filter((obligation) => obligation.date === data.today)}
              responsible={responsible}
              empty="Nada vence hoy."
            />
            <ObligationList
              title="Esta semana"
              obligations={data.week}
              responsible={responsible}
              empty="Nada vence esta semana."
            />
          </SimpleGrid>
          <Table layout="fixed" withTableBorder withColumnBorders aria-label={`${monthName(month)} ${year}`}>
            <Table.Thead>
              <Table.Tr>
                {WEEKDAYS.map((day) => (
                  <Table.Th key={day} ta="center">
                    {day}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {weeksOf(year, month).map((week) => (
                <Table.Tr key={week.find(Boolean) ?? ''}>
                  {week.map((date, index) =>
                    date === null ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the empty days before the 1st and after the last are only places.
                      <Table.Td key={`vacio-${index}`} />
                    ) : (
                      <Table.Td
                        key={date}
                        aria-label={`${Number(date.slice(8, 10))} de ${monthName(month)}`}
                        data-date={date}
                        valign="top"
                        h={90}
                        bg={date === data.today ? 'var(--mantine-color-blue-light)' : undefined}
                      >
                        <Text size="xs" fw={700}>
                          {Number(date.slice(8, 10))}
                        </Text>
                        <Stack gap={6}>
                          {(byDate.get(date) ?? []).map((obligation) => (
                            <ObligationLine
                              key={`${obligation.kind}-${obligation.serviceId ?? obligation.key}-${obligation.filing}-${obligation.year}-${obligation.month}`}
                              obligation={obligation}
                              responsible={responsible}
                            />
                          ))}
                        </Stack>
                      </Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </>
  );
}
