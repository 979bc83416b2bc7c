import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ExportButton } from '../export-button';
import { type FailedQuery, LoadError } from '../load-error';
import { monthTitle } from '../period-picker';
import { BoardCards } from './board-cards';
import { BoardFilters, type BoardFiltersProps } from './board-filters';

/**
 * A board's own names: its key ('monthly', 'tasks': the cards' remembered toggle, the ids of its
 * cards' block and of its title) and its load error's title.
 */
export interface BoardScreenNames {
  key: string;
  errorTitle: string;
}

/** What useBoardScreen hands the screen: the filter row's state, the board's own filters, the month's query. */
export interface BoardFrame {
  names: BoardScreenNames;
  /** The filter row's state; its month is the title. */
  filters: BoardFiltersProps;
  /** The board's own filters, beside the title. */
  toolbar?: ReactNode;
  query: FailedQuery & { isError: boolean };
  exporter: BoardExport;
  /** A cell's history modal (the same on every board: opened from a cell's menu). */
  history: ReactNode;
}

/** 'Exportar a Excel' of the rows shown: the board's export, whether it runs, whether there is anything to export. */
export interface BoardExport {
  onExport: () => Promise<unknown>;
  pending: boolean;
  disabled: boolean;
}

/**
 * A company board's page body: its summary cards under their toggle, then the month's card with
 * its title beside the board's own filters (owner, state, late cells, order: on the title's line,
 * so that the table still starts within a laptop's window) and 'Exportar a Excel', the filter row
 * and the table (or the load error), then the board's modals.
 */
export function BoardScreen({
  frame: {
    names: { key, errorTitle },
    filters,
    toolbar,
    query,
    exporter,
    history,
  },
  cards,
  children,
  modals,
}: {
  cards: ReactNode;
  frame: BoardFrame;
  /** The table, or what shows instead of it. */
  children: ReactNode;
  /** The board's own modals beside the history. */
  modals: ReactNode;
}) {
  const cardsId = `${key}-summary-cards`;
  const titleId = `${key}-board-title`;
  return (
    <Stack gap="md">
      <BoardCards board={key} id={cardsId}>
        {cards}
      </BoardCards>

      <Card withBorder component="section" aria-labelledby={titleId} padding="md">
        <Stack gap="sm">
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Title order={3} id={titleId}>
              {monthTitle(filters.period)}
            </Title>
            <Group gap="xs" wrap="wrap" justify="flex-end" align="center">
              {toolbar}
              <ExportButton iconOnly {...exporter} />
            </Group>
          </Group>
          <BoardFilters {...filters} />
          {query.isError ? <LoadError title={errorTitle} query={query} /> : children}
        </Stack>
      </Card>

      {history}
      {modals}
    </Stack>
  );
}
