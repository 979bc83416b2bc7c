import { AGING_BUCKET_LABELS } from '@app/shared/billing';
import { formatMoney } from '@app/shared/money';
import type { PanelBilling } from '@app/shared/schemas/panel';
import { BarChart, LineChart } from '@mantine/charts';
import { useNavigate } from 'react-router';
import {
  type PanelResponsible,
  usePanelBilling,
  usePanelPunctuality,
  usePanelRequestsAge,
  usePanelWorkload,
} from '../../../api/panel/panel';
import { ChartCard, type ChartCell, ChartLoading, type ChartTable } from './chart-card';
import { formatCount, longMonth, plural, shortMonth } from './panel-format';
import { billingLink, boardLink, requestsLink } from './panel-links';

// The charts drawn with @mantine/charts (recharts): a chunk of their own, loaded while the first
// chart (progress-chart.tsx) draws.

/** What a bar's click handler gets from the chart: the row it was drawn from. */
type Clicked<Row> = { payload?: Row };

/**
 * Axes whose ticks are all drawn (counts) or every third one (the 12 months): a fixed interval spares
 * the chart measuring every label's text to choose which fit.
 */
const COUNT_AXIS = { allowDecimals: false, interval: 0 } as const;
const MONTHS_AXIS = { interval: 2 } as const;

/** Chart height for horizontal bars: a row per entry. */
const barsHeight = (rows: number) => Math.max(160, rows * 44 + 60);

const PUNCTUALITY_SERIES = [
  { name: 'onTime', label: 'A tiempo', color: 'teal.7' },
  { name: 'late', label: 'Con atraso', color: 'orange.7' },
  { name: 'overdue', label: 'Vencidas sin hacer', color: 'red.7' },
] as const;

export function PunctualityChart({ responsible }: { responsible: PanelResponsible }) {
  const navigate = useNavigate();
  const query = usePanelPunctuality(responsible);
  const title = 'Puntualidad de los últimos 12 meses';
  return (
    <ChartLoading title={title} query={query}>
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
    </ChartLoading>
  );
}

const WORKLOAD_SERIES = [
  { name: 'pending', label: 'Pendientes', color: 'blue.7' },
  { name: 'dueThisWeek', label: 'Vencen esta semana', color: 'yellow.6' },
  { name: 'late', label: 'Atrasadas', color: 'red.7' },
] as const;

export function WorkloadChart({ responsible }: { responsible: PanelResponsible }) {
  const navigate = useNavigate();
  const query = usePanelWorkload(responsible);
  const title = 'Carga por encargado';
  return (
    <ChartLoading title={title} query={query}>
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
    </ChartLoading>
  );
}

export function RequestsAgeChart({ responsible }: { responsible: PanelResponsible }) {
  const navigate = useNavigate();
  const query = usePanelRequestsAge(responsible);
  const title = 'Solicitudes de documentos en espera';
  return (
    <ChartLoading title={title} query={query}>
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
    </ChartLoading>
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

/** Owners' money charts, once their answer is in. */
export function MoneyCharts() {
  const billing = usePanelBilling(true);
  return (
    <ChartLoading title="Facturado y cobrado" query={billing}>
      {() => (billing.data ? <BillingCharts billing={billing.data} /> : null)}
    </ChartLoading>
  );
}
