/** The months as the services store them (one boolean column per key) and as screens name them. */
export const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
export type MonthKey = (typeof MONTH_KEYS)[number];
export const MONTH_NAMES: Record<MonthKey, string> = {
  jan: 'Enero',
  feb: 'Febrero',
  mar: 'Marzo',
  apr: 'Abril',
  may: 'Mayo',
  jun: 'Junio',
  jul: 'Julio',
  aug: 'Agosto',
  sep: 'Septiembre',
  oct: 'Octubre',
  nov: 'Noviembre',
  dec: 'Diciembre',
};
