import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type FailedQuery, LoadError } from '../load-error';
import { monthTitle } from '../period-picker';
import { BoardCards } from './board-cards';
import { BoardFilters, type BoardFiltersProps } from './board-filters';

/** A board's own names: its cards' toggle ('monthly', 'tasks') and block id, its title's id, its load error. */
export interface BoardScreenNames {
  cardsOf: string;
  cardsId: string;
  titleId: string;
  errorTitle: string;
}

/**
 * A company board's page body: its summary cards under their toggle, then the month's card with
 * its title beside the board's own filters (owner, state, late cells, order: on the title's line,
 * so that the table still starts within a laptop's window), the filter row and the table (or the
 * load error), then the board's modals.
 */
export function BoardScreen({
  cardsOf,
  cardsId,
  cards,
  titleId,
  filters,
  toolbar,
  actions,
  query,
  errorTitle,
  children,
  modals,
}: BoardScreenNames & {
  cards: ReactNode;
  /** The filter row's state; its month is the title. */
  filters: BoardFiltersProps;
  /** The board's own filters, beside the title. */
  toolbar?: ReactNode;
  /** What acts on the rows shown ('Exportar a Excel'), after the filters. */
  actions?: ReactNode;
  query: FailedQuery & { isError: boolean };
  /** The table, or what shows instead of it. */
  children: ReactNode;
  modals: ReactNode;
}) {
  return (
    <Stack gap="md">
      <BoardCards board={cardsOf} id={cardsId}>
        {cards}
      </BoardCards>

      <Card withBorder component="section" aria-labelledby={titleId} padding="md">
        <Stack gap="sm">
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Title order={3} id={titleId}>
              {monthTitle(filters.period)}
            </Title>
            {actions ? (
              <Group gap="xs" wrap="wrap" justify="flex-end" align="center">
                {toolbar}
                {actions}
              </Group>
            ) : (
              toolbar
            )}
          </Group>
          <BoardFilters {...filters} />
          {query.isError ? <LoadError title={errorTitle} query={query} /> : children}
        </Stack>
      </Card>

      {modals}
    </Stack>
  );
}
