import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/months';

/** The panel's numbers and months, es-CL. */
const count = new Intl.NumberFormat('es-CL');
export const formatCount = (value: number) => count.format(value);
const monthName = (month: number) => MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan'];
/** 'oct 26'. */
export const shortMonth = (year: number, month: number) => `${monthName(month).slice(0, 3)} ${String(year).slice(2)}`;
/** 'octubre 2026'. */
export const longMonth = (year: number, month: number) => `${monthName(month)} ${year}`;
export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
