import { Card, Stack, Title } from '@mantine/core';
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
 * its title, the filter row and the table (or the load error), then the board's modals.
 */
export function BoardScreen({
  cardsOf,
  cardsId,
  cards,
  titleId,
  filters,
  query,
  errorTitle,
  children,
  modals,
}: BoardScreenNames & {
  cards: ReactNode;
  /** The filter row's state; its month is the title. */
  filters: BoardFiltersProps;
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
          <Title order={3} id={titleId}>
            {monthTitle(filters.period)}
          </Title>
          <BoardFilters {...filters} />
          {query.isError ? <LoadError title={errorTitle} query={query} /> : children}
        </Stack>
      </Card>

      {modals}
    </Stack>
  );
}
