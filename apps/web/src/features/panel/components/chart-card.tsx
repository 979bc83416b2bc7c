import { Anchor, Loader, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useId } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';

/** One cell of a chart's text alternative: its text, and the list or board it opens. */
export interface ChartCell {
  text: string;
  to?: string;
}

/** A chart's numbers as a table: the header row, then one row per bar or point. */
export interface ChartTable {
  columns: string[];
  rows: { key: string; cells: ChartCell[] }[];
}

/**
 * What a chart calls once it is on screen (drawn, empty or failed to load): the page draws its
 * charts one after another, the next when the one before has been shown.
 */
export const ChartShownContext = createContext<() => void>(() => {});

/** Tells the page, once, that this chart is on screen. */
export function useChartShown() {
  const shown = useContext(ChartShownContext);
  useEffect(() => shown(), [shown]);
}

/** A chart that could not load: shown, so the charts after it still draw. */
function LoadFailed({ title, query }: { title: string; query: UseQueryResult }) {
  useChartShown();
  return <LoadError title={`No se pudo cargar: ${title}`} query={query} />;
}

/** A chart's data while it loads or when it fails; its drawing once the answer is in. */
export function ChartLoading({
  title,
  query,
  children,
}: {
  title: string;
  query: UseQueryResult;
  children: () => ReactNode;
}) {
  if (query.isError) return <LoadFailed title={title} query={query} />;
  if (!query.data) return <Loader size="sm" role="status" aria-label={`Cargando ${title}`} />;
  return <>{children()}</>;
}

/** A cell's text, a link when it opens a list or board. */
function cellContent(cell: ChartCell) {
  if (!cell.to) return cell.text;
  return (
    <Anchor component={Link} to={cell.to}>
      {cell.text}
    </Anchor>
  );
}

/**
 * A chart in its card: the title names the section, the drawing is for the eye (hidden from screen
 * readers), and a visually hidden table holds the same numbers, each linking where its bar does.
 */
export function ChartCard({
  title,
  subtitle,
  table,
  empty,
  children,
}: {
  title: string;
  subtitle?: string;
  table: ChartTable;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | null;
  children: ReactNode;
}) {
  const titleId = useId();
  useChartShown();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-testid="panel-chart">
      <Title order={3} size="h4" id={titleId}>
        {title}
      </Title>
      {subtitle && (
        <Text size="sm" c="dimmed" mb="xs">
          {subtitle}
        </Text>
      )}
      {empty ? (
        <Text size="sm" c="dimmed" mt="sm">
          {empty}
        </Text>
      ) : (
        <div aria-hidden="true">{children}</div>
      )}
      <VisuallyHidden>
        <table aria-label={title}>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => {
                  const content = cellContent(cell);
                  return index === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row keep their order
                    <th key={index} scope="row">
                      {content}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row keep their order
                    <td key={index}>{content}</td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
