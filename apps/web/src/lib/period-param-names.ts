/**
 * The one spelling of a period's year and month in the address, on the boards, the documents and
 * billing alike: ?anio=2026&mes=3 (plain ASCII, never percent-encoded). A file of its own, with no
 * import, so that index.html's early script reads them too.
 */
export const YEAR_PARAM = 'anio';
export const MONTH_PARAM = 'mes';
