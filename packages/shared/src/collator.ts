/**
 * One Spanish order for names, on the server and on the web: accents and case aside ('Óptica'
 * before 'Peluquería'), 'ñ' after 'n', numbers as numbers ('Empresa 2' before 'Empresa 10'). The
 * databases cannot give it: PGlite has no ICU collations, and a PostgreSQL server sorts text by the
 * collation it was created with (with 'C', by bytes: every accented capital after 'Z'). So a list
 * of names is sorted with this collator once it is read, never by SQL `order by name`.
 */
export const spanishCollator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Compares two names in the Spanish order. */
export const compareNames = (a: string, b: string): number => spanishCollator.compare(a, b);

/**
 * The rows by name in the Spanish order (a new array), equal names (which may differ only in
 * accents or case) by id, so that every screen and export shows the same order.
 */
export function sortByName<Row>(
  rows: readonly Row[],
  nameOf: (row: Row) => string,
  idOf?: (row: Row) => number,
): Row[] {
  return [...rows].sort((a, b) => compareNames(nameOf(a), nameOf(b)) || (idOf ? idOf(a) - idOf(b) : 0));
}
