/** The rows of `ids` found among `rows`, in the order asked, each once; ids not found are left out (a board's export keeps the order the browser shows). */
export function rowsInOrder<Row>(rows: readonly Row[], idOf: (row: Row) => number, ids: readonly number[]): Row[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  const picked: Row[] = [];
  for (const id of new Set(ids)) {
    const row = byId.get(id);
    if (row) picked.push(row);
  }
  return picked;
}
