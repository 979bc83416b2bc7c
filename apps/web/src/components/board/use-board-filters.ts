import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { offeredResponsible, type ResponsibleChoice } from '../../lib/board/board-filter-rows';
import {
  type BoardFilterValues,
  boardFiltersOf,
  NO_RESPONSIBLE,
  RESPONSIBLE_PARAM,
  withBoardFilter,
} from '../../lib/board-filter-params';
import { useCurrentUser } from '../../lib/session';
import type { BoardFilterRowProps } from './board-filter-controls';

/** What a user's last 'Encargado' choice is stored as: 'all' for 'Todos', else the address's value. */
const ALL = 'all';

/**
 * A board's filters, kept in the address (?encargado=&estado=&atrasadas=&orden=&responsable=) with
 * `replace`, as the month is: a reload, Back to the board or a shared link shows the same rows.
 *
 * With `rememberKey` (the monthly board), an address without ?encargado= shows the user's last
 * choice, remembered in this browser per user; before any choice a collaborator sees their own
 * companies ('Mis empresas'), an owner every company. `staff` are the owners the 'Encargado'
 * filter offers (undefined while they load).
 */
export function useBoardFilters(staff: readonly ResponsibleChoice[] | undefined, rememberKey?: string) {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [remembered, setRemembered] = useLocalStorage<string | null>({
    key: `board-responsible:${rememberKey ?? 'none'}:${user.id}`,
    defaultValue: null,
    getInitialValueInEffect: false,
  });

  const fromUrl = useMemo(() => boardFiltersOf(params), [params]);
  const hasResponsible = params.has(RESPONSIBLE_PARAM);
  let responsible = fromUrl.responsible;
  if (rememberKey && !hasResponsible) {
    if (remembered === null) responsible = user.role === 'collaborator' ? user.id : null;
    else if (remembered !== ALL)
      responsible = boardFiltersOf(new URLSearchParams({ encargado: remembered })).responsible;
  }
  responsible = offeredResponsible(responsible, user.id, staff);
  const values = useMemo<BoardFilterValues>(() => ({ ...fromUrl, responsible }), [fromUrl, responsible]);

  const setFilter = useCallback(
    <Key extends keyof BoardFilterValues>(key: Key, value: BoardFilterValues[Key]) => {
      if (rememberKey && key === 'responsible') {
        setRemembered(value === null ? ALL : value === NO_RESPONSIBLE ? NO_RESPONSIBLE : String(value));
      }
      setParams((current) => withBoardFilter(current, key, value), { replace: true, preventScrollReset: true });
    },
    [rememberKey, setRemembered, setParams],
  );
  const ownId = user.id;
  /** What the board's filter row takes (BoardFilterRow). */
  const row = useMemo<BoardFilterRowProps>(
    () => ({ values, ownId, staff, onFilter: setFilter }),
    [values, ownId, staff, setFilter],
  );
  return { values, row };
}

/** A row's owner's name ('Encargado', shown under the company's name): a stable function of the staff loaded. */
export function useOwnerOf<Row>(
  staff: readonly { id: number; name: string }[] | undefined,
  responsibleOf: (row: Row) => number | null,
): (row: Row) => string | null {
  const names = useMemo(() => new Map((staff ?? []).map((member) => [member.id, member.name])), [staff]);
  return useCallback(
    (row: Row) => {
      const id = responsibleOf(row);
      return id === null ? null : (names.get(id) ?? null);
    },
    [names, responsibleOf],
  );
}
