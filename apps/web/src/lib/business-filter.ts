import { normalizeSearch } from './search';

/** What a board row says about its company: enough to search it and to place it in a group. */
export interface BusinessRef {
  id: number;
  name: string;
  rut: string;
}

/**
 * The rows a company board shows: those of the chosen group, then those whose company name or RUT
 * holds the search (accents, case, dots and dash ignored). `businessOf` reads a row's company.
 */
export function filterBusinesses<Row>(
  rows: readonly Row[],
  search: string,
  groupIds: ReadonlySet<number> | null,
  businessOf: (row: Row) => BusinessRef,
): Row[] {
  const query = normalizeSearch(search.trim());
  const rutQuery = query.replace(/[.\-\s]/g, '');
  if (!query && !groupIds) return rows.slice();
  return rows.filter((row) => {
    const { id, name, rut } = businessOf(row);
    if (groupIds && !groupIds.has(id)) return false;
    if (!query) return true;
    return (
      normalizeSearch(name).includes(query) ||
      (rutQuery.length > 0 && normalizeSearch(rut.replace(/[.-]/g, '')).includes(rutQuery))
    );
  });
}
