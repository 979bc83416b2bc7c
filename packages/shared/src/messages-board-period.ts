import type { Period } from './current-period.ts';
import { MONTH_KEYS, MONTH_NAMES } from './months.ts';

/** A month as the boards name it: 'diciembre 2026'. */
export const monthLabel = ({ year, month }: Period) => {
  const key = MONTH_KEYS[month - 1];
  return `${key ? MONTH_NAMES[key].toLowerCase() : month} ${year}`;
};

/** Why the boards show another month than the address named (the address is rewritten to the shown one). */
export const boardPeriodMsg = {
  title: 'Mes ajustado',
  notOpenYet: (asked: Period, shown: Period) =>
    `${monthLabel(asked)} aún no está abierto: se muestra ${monthLabel(shown)}, el último mes disponible.`,
  beforeFirst: (asked: Period, shown: Period) =>
    `El tablero comienza en ${monthLabel(shown)}: ${monthLabel(asked)} no está disponible.`,
  invalid: (shown: Period) => `La dirección no indica un mes válido: se muestra ${monthLabel(shown)}.`,
} as const;

/** A summary card with no company to count (0 / 0): said instead of a percent. */
export const emptyCardMsg = 'sin empresas';
