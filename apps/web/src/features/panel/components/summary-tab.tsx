import { Loader, SimpleGrid } from '@mantine/core';
import { lazy, type ReactNode, Suspense, startTransition, useMemo, useState } from 'react';
import { type PanelResponsible, usePanelProgress, usePrefetchPanel } from '../../../api/panel/panel';
import { ChartLoading, ChartShownContext } from './chart-card';
import { ProgressChart } from './progress-chart';

/** The charts drawn with the charts library, a chunk of their own (the browser loads a module once). */
const loadTrendCharts = () => import('./trend-charts');
const PunctualityChart = lazy(async () => ({ default: (await loadTrendCharts()).PunctualityChart }));
const WorkloadChart = lazy(async () => ({ default: (await loadTrendCharts()).WorkloadChart }));
const RequestsAgeChart = lazy(async () => ({ default: (await loadTrendCharts()).RequestsAgeChart }));
const MoneyCharts = lazy(async () => ({ default: (await loadTrendCharts()).MoneyCharts }));

/** A chart still waiting for its turn to draw. */
const waiting = <Loader size="sm" role="status" aria-label="Cargando gráfico" />;

/**
 * 'Resumen': the period's progress per service, punctuality over 12 months, workload per
 * 'Encargado', requests waiting by age and, for owners, billed against collected and receivables
 * by aging. One column on a phone, two from a large screen.
 *
 * The first chart (progress) is plain elements and draws as soon as its answer is in. The others
 * (the charts library, tens of milliseconds of main thread each) draw one after another, in their
 * order on screen, each in a transition once the one before has been shown and painted. Their
 * answers are asked for as soon as the first chart has its answer; their code when the second's turn
 * comes (evaluating it takes the main thread, which the first chart needs until it is painted).
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
  const firstAnswered = progress.data !== undefined || progress.isError;
  usePrefetchPanel(responsible, showMoney, firstAnswered);
  const charts: { key: string; chart: ReactNode }[] = [
    {
      key: 'progress',
      chart: (
        <ChartLoading title="Avance por servicio" query={progress}>
          {() => (progress.data ? <ProgressChart progress={progress.data} responsible={responsible} /> : null)}
        </ChartLoading>
      ),
    },
    { key: 'punctuality', chart: <PunctualityChart responsible={responsible} /> },
    { key: 'workload', chart: <WorkloadChart responsible={responsible} /> },
    { key: 'requests', chart: <RequestsAgeChart responsible={responsible} /> },
    ...(showMoney ? [{ key: 'billing', chart: <MoneyCharts /> }] : []),
  ];
  // How many charts are drawn; chart i's 'shown' lets chart i + 1 draw, after the browser paints.
  const [drawn, setDrawn] = useState(1);
  const shownBy = useMemo(
    () =>
      Array.from({ length: 5 }, (_, index) => () => {
        setTimeout(() => startTransition(() => setDrawn((count) => Math.max(count, index + 2))), 0);
      }),
    [],
  );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {charts.map(({ key, chart }, index) => (
        <ChartShownContext.Provider key={key} value={shownBy[index] ?? (() => {})}>
          <Suspense fallback={waiting}>{index < drawn ? chart : waiting}</Suspense>
        </ChartShownContext.Provider>
      ))}
    </SimpleGrid>
  );
}
