import { AGING_BUCKET_LABELS } from '@app/shared/billing';
import { formatMoney } from '@app/shared/money';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/months';
import type { PanelBilling, PanelProgress } from '@app/shared/schemas/panel';
import { BarChart, LineChart } from '@mantine/charts';
import { Loader, SimpleGrid } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type PanelResponsible,
  usePanelBilling,
  usePanelProgress,
  usePanelPunctuality,
  usePanelRequestsAge,
  usePanelWorkload,
} from '../../../api/panel/panel';
import { LoadError } from '../../../components/load-error';
import { ChartCard, type ChartCell, type ChartTable } from './chart-card';
import { billingLink, boardLink, requestsLink } from './panel-links';

const count = new Intl.NumberFormat('es-CL');
const formatCount = (value: number) => count.format(value);
const monthName = (month: number) => MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan'];
const shortMonth = (year: number, month: number) => `${monthName(month).slice(0, 3)} ${String(year).slice(2)}`;
const longMonth = (year: number, month: number) => `${monthName(month)} ${year}`;
const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What a bar's click handler gets from the chart: the row it was drawn from. */
type Clicked<Row> = { payload?: Row };

/** A chart's data while it loads or when it fails. */
function Loading({ title, query, children }: { title: string; query: UseQueryResult; children: () => ReactNode }) {
  if (query.isError) return <LoadError title={`No se pudo cargar: ${title}`} query={query} />;
  if (!query.data) return <Loader size="sm" role="status" aria-label={`Cargando ${title}`} />;
  return <>{children()}</>;
}

/**
 * Axes whose ticks are all drawn (counts) or every third one (the 12 months): a fixed interval spares
 * the chart measuring every label's text to choose which fit.
 */
const COUNT_AXIS = { allowDecimals: false, interval: 0 } as const;
const MONTHS_AXIS = { interval: 2 } as const;

/**
 * Drawn after the first paint, as a transition: the charts in view first (each chart costs the
 * main thread tens of milliseconds), the rest right after without holding them back.
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : <Loader size="sm" role="status" aria-label="Cargando gráfico" />;
}

/** Chart height for horizontal bars: a row per entry. */
const barsHeight = (rows: number) => Math.max(160, rows * 44 + 60);

function ProgressChart({ progress, responsible }: { progress: PanelProgress; responsible: PanelResponsible }) {
  const navigate = useNavigate();
  const states = new Map<string, { label: string; color: string }>();
  for (const service of progress.services)
    for (const state of service.states) states.set(`s${state.stateId}`, { label: state.name, color: state.color });
  const data = progress.services.map((service) => ({
    name: service.name,
    serviceId: service.serviceId,
    ...Object.fromEntries(service.states.map((state) => [`s${state.stateId}`, state.count])),
  }));
  const link = (serviceId: number, stateId: number) =>
    boardLink({ year: progress.year, month: progress.month, serviceId, stateId, responsible });
  const table: ChartTable = {
    columns: ['Servicio', 'Estados (empresas)'],
    rows: progress.services.flatMap((service) =>
      service.states.map((state) => ({
        key: `${service.serviceId}-${state.stateId}`,
        cells: [
          { text: service.name },
          { text: `${state.name}: ${formatCount(state.count)}`, to: link(service.serviceId, state.stateId) },
        ],
      })),
    ),
  };
  const title = `Avance de ${longMonth(progress.year, progress.month)} por servicio`;
  return (
    <ChartCard
      title={title}
      subtitle="Empresas en cada estado, como en el tablero mensual"
      table={table}
      empty={progress.services.length === 0 ? 'No hay servicios que apliquen en el período.' : null}
    >
      <BarChart
        h={barsHeight(data.length)}
        data={data}
        dataKey="name"
        type="stacked"
        orientation="vertical"
        yAxisProps={{ width: 110, interval: 0 }}
        xAxisProps={COUNT_AXIS}
        valueFormatter={formatCount}
        accessibilityLayer={false}
        series={[...states].map(([name, state]) => ({ name, label: state.label, color: state.color }))}
        barProps={(series) => ({
          cursor: 'pointer',
          onClick: (entry: Clicked<(typeof data)[number]>) => {
            if (entry.payload) navigate(link(entry.payload.serviceId, Number(series.name.slice(1))));
          },
        })}
      />
    </ChartCard>
  );
}

const PUNCTUALITY_SERIES = [
  { name: 'onTime', label: 'A tiempo', color: 'teal.7' },
  { name: 'late', label: 'Con atraso', color: 'orange.7' },
  { name: 'overdue', label: 'Vencidas sin hacer', color: 'red.7' },
] as const;

function PunctualityChart({ responsible }: { responsible: PanelResponsible }) {
  const navigate = useNavigate();
  const query = usePanelPunctuality(responsible);
  const title = 'Puntualidad de los últimos 12 meses';
  return (
    <Loading title={title} query={query}>
      {() => {
        const months = query.data?.months ?? [];
        const data = months.map((month) => ({ ...month, label: shortMonth(month.year, month.month) }));
        const link = (year: number, month: number, late: boolean) => boardLink({ year, month, late, responsible });
        const table: ChartTable = {
          columns: ['Mes', ...PUNCTUALITY_SERIES.map((series) => series.label)],
          rows: months.map((month) => ({
            key: `${month.year}-${month.month}`,
            cells: [
              { text: longMonth(month.year, month.month) },
              ...PUNCTUALITY_SERIES.map(
                (series): ChartCell => ({
                  text: formatCount(month[series.name]),
                  to: link(month.year, month.month, series.name === 'overdue'),
                }),
              ),
            ],
          })),
        };
        return (
          <ChartCard
            title={title}
            subtitle="Celdas hechas hasta su vencimiento, después, y vencidas sin hacer"
            table={table}
          >
            <LineChart
              h={260}
              curveType="linear"
              data={data}
              dataKey="label"
              withLegend
              legendProps={{ verticalAlign: 'bottom', height: 50 }}
              valueFormatter={formatCount}
              yAxisProps={COUNT_AXIS}
              xAxisProps={MONTHS_AXIS}
              accessibilityLayer={false}
              series={PUNCTUALITY_SERIES.map((series) => ({ ...series }))}
              lineProps={(series) => ({
                activeDot: (dot: { cx?: number; cy?: number; fill?: string; payload?: (typeof data)[number] }) => (
                  // biome-ignore lint/a11y/noStaticElementInteractions: the chart's table offers the same links to the keyboard
                  <circle
                    cx={dot.cx}
                    cy={dot.cy}
                    r={6}
                    fill={dot.fill}
                    stroke="white"
                    strokeWidth={2}
                    style={{ cursor: 'pointer' }}
                    onClick={() => {
                      if (dot.payload) navigate(link(dot.payload.year, dot.payload.month, series.name === 'overdue'));
                    }}
                  />
                ),
              })}
            />
          </ChartCard>
        );
      }}
    </Loading>
  );
}

const WORKLOAD_SERIES = [
  { name: 'pending', label: 'Pendientes', color: 'blue.7' },
  { name: 'dueThisWeek', label: 'Vencen esta semana', color: 'yellow.6' },
  { name: 'late', label: 'Atrasadas', color: 'red.7' },
] as const;

function WorkloadChart() {
  const navigate = useNavigate();
  const query = usePanelWorkload();
  const title = 'Carga por encargado';
  return (
    <Loading title={title} query={query}>
      {() => {
        const workload = query.data;
        if (!workload) return null;
        const data = workload.rows.map((row) => ({ ...row }));
        const link = (responsible: number | null, late: boolean) =>
          boardLink({ year: workload.year, month: workload.month, late, responsible: responsible ?? 'none' });
        const table: ChartTable = {
          columns: ['Encargado', ...WORKLOAD_SERIES.map((series) => series.label)],
          rows: workload.rows.map((row) => ({
            key: String(row.responsibleUserId),
            cells: [
              { text: row.name },
              ...WORKLOAD_SERIES.map(
                (series): ChartCell => ({
                  text: formatCount(row[series.name]),
                  to: link(row.responsibleUserId, series.name === 'late'),
                }),
              ),
            ],
          })),
        };
        return (
          <ChartCard
            title={title}
            subtitle={`Celdas sin terminar de ${longMonth(workload.year, workload.month)}`}
            table={table}
            empty={data.length === 0 ? 'No hay empresas con servicios en el período.' : null}
          >
            <BarChart
              h={barsHeight(data.length * 1.5)}
              data={data}
              dataKey="name"
              orientation="vertical"
              yAxisProps={{ width: 110, interval: 0 }}
              xAxisProps={COUNT_AXIS}
              withLegend
              legendProps={{ verticalAlign: 'bottom', height: 50 }}
              valueFormatter={formatCount}
              accessibilityLayer={false}
              series={WORKLOAD_SERIES.map((series) => ({ ...series }))}
              barProps={(series) => ({
                cursor: 'pointer',
                isAnimationActive: false,
                onClick: (entry: Clicked<(typeof data)[number]>) => {
                  if (entry.payload) navigate(link(entry.payload.responsibleUserId, series.name === 'late'));
                },
              })}
            />
          </ChartCard>
        );
      }}
    </Loading>
  );
}

function RequestsAgeChart({ responsible }: { responsible: PanelResponsible }) {
  const navigate = useNavigate();
  const query = usePanelRequestsAge(responsible);
  const title = 'Solicitudes de documentos en espera';
  return (
    <Loading title={title} query={query}>
      {() => {
        const buckets = query.data?.buckets ?? [];
        const table: ChartTable = {
          columns: ['Antigüedad', 'Solicitudes'],
          rows: buckets.map((bucket) => ({
            key: bucket.key,
            cells: [
              { text: bucket.label },
              {
                text: plural(bucket.count, 'solicitud', 'solicitudes'),
                to: bucket.period ? requestsLink(bucket.period, responsible) : undefined,
              },
            ],
          })),
        };
        return (
          <ChartCard title={title} subtitle="Sin completar, por días desde que se pidieron" table={table}>
            <BarChart
              h={220}
              data={buckets.map((bucket) => ({ ...bucket }))}
              dataKey="label"
              valueFormatter={formatCount}
              yAxisProps={COUNT_AXIS}
              accessibilityLayer={false}
              series={[{ name: 'count', label: 'Solicitudes', color: 'indigo.6' }]}
              barProps={{
                cursor: 'pointer',
                isAnimationActive: false,
                onClick: (entry: Clicked<(typeof buckets)[number]>) => {
                  if (entry.payload?.period) navigate(requestsLink(entry.payload.period, responsible));
                },
              }}
            />
          </ChartCard>
        );
      }}
    </Loading>
  );
}

function BillingCharts({ billing }: { billing: PanelBilling }) {
  const navigate = useNavigate();
  const months = billing.months.map((month) => ({ ...month, label: shortMonth(month.year, month.month) }));
  const monthsTable: ChartTable = {
    columns: ['Mes', 'Facturado', 'Cobrado'],
    rows: billing.months.map((month) => ({
      key: `${month.year}-${month.month}`,
      cells: [
        { text: longMonth(month.year, month.month) },
        { text: formatMoney(month.billed), to: billingLink('charges', month.year, month.month) },
        { text: formatMoney(month.collected), to: billingLink('payments', month.year, month.month) },
      ],
    })),
  };
  const agingLink = (bucket: string) => billingLink(bucket === 'current' ? 'balances' : 'overdue');
  const aging = billing.aging.map((entry) => ({ ...entry, label: AGING_BUCKET_LABELS[entry.bucket] }));
  const agingTable: ChartTable = {
    columns: ['Antigüedad', 'Por cobrar'],
    rows: aging.map((entry) => ({
      key: entry.bucket,
      cells: [{ text: entry.label }, { text: formatMoney(entry.amount), to: agingLink(entry.bucket) }],
    })),
  };
  return (
    <>
      <ChartCard
        title="Facturado y cobrado, últimos 12 meses"
        subtitle="Cobros emitidos por mes de emisión y pagos confirmados por fecha"
        table={monthsTable}
      >
        <BarChart
          h={260}
          data={months}
          dataKey="label"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 50 }}
          valueFormatter={formatMoney}
          yAxisProps={{ width: 90, interval: 0 }}
          xAxisProps={MONTHS_AXIS}
          accessibilityLayer={false}
          series={[
            { name: 'billed', label: 'Facturado', color: 'blue.7' },
            { name: 'collected', label: 'Cobrado', color: 'teal.7' },
          ]}
          barProps={(series) => ({
            cursor: 'pointer',
            isAnimationActive: false,
            onClick: (entry: Clicked<(typeof months)[number]>) => {
              if (entry.payload)
                navigate(
                  billingLink(
                    series.name === 'billed' ? 'charges' : 'payments',
                    entry.payload.year,
                    entry.payload.month,
                  ),
                );
            },
          })}
        />
      </ChartCard>
      <ChartCard
        title="Por cobrar según antigüedad"
        subtitle="Días desde el vencimiento de cada cobro"
        table={agingTable}
      >
        <BarChart
          h={220}
          data={aging}
          dataKey="label"
          valueFormatter={formatMoney}
          yAxisProps={{ width: 90, interval: 0 }}
          accessibilityLayer={false}
          series={[{ name: 'amount', label: 'Por cobrar', color: 'orange.7' }]}
          barProps={{
            cursor: 'pointer',
            isAnimationActive: false,
            onClick: (entry: Clicked<(typeof aging)[number]>) => {
              if (entry.payload) navigate(agingLink(entry.payload.bucket));
            },
          }}
        />
      </ChartCard>
    </>
  );
}

/**
 * 'Resumen': the period's progress per service, punctuality over 12 months, workload per
 * 'Encargado', requests waiting by age and, for owners, billed against collected and receivables
 * by aging. One column on a phone, two from a large screen.
 */
export function SummaryTab({
  responsible,
  year,
  month,
  showMoney,
}: {
  responsible: PanelResponsible;
  year: number | null;
  month: number | null;
  showMoney: boolean;
}) {
  const progress = usePanelProgress(year, month, responsible);
  const billing = usePanelBilling(showMoney);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Loading title="Avance por servicio" query={progress}>
        {() => (progress.data ? <ProgressChart progress={progress.data} responsible={responsible} /> : null)}
      </Loading>
      <PunctualityChart responsible={responsible} />
      <AfterFirstPaint>
        <WorkloadChart />
      </AfterFirstPaint>
      <AfterFirstPaint>
        <RequestsAgeChart responsible={responsible} />
      </AfterFirstPaint>
      {showMoney && (
        <AfterFirstPaint>
          <Loading title="Facturado y cobrado" query={billing}>
            {() => (billing.data ? <BillingCharts billing={billing.data} /> : null)}
          </Loading>
        </AfterFirstPaint>
      )}
    </SimpleGrid>
  );
}
