import { formatDuration } from '@app/shared/duration';
import { timeMsg } from '@app/shared/messages-time';
import type { TimeWeek } from '@app/shared/schemas/time';
import type { XlsxSheet, XlsxValue } from '../../lib/xlsx-stream.ts';

const DAY_NAMES = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];
const dayHeader = (date: string, index: number) => `${DAY_NAMES[index]} ${date.slice(8, 10)}-${date.slice(5, 7)}`;
/** Hours with two decimals, as a number Excel sums. */
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** The week's grid as a sheet: a company per row, its 7 days and total as h:mm, then the total in hours. */
export function weekSheet(week: TimeWeek): XlsxSheet {
  const line = (name: string, minutes: number[], total: number): XlsxValue[] => [
    name,
    ...minutes.map((value) => (value > 0 ? formatDuration(value) : null)),
    formatDuration(total),
    hours(total),
  ];
  return {
    name: timeMsg.weekSheet,
    columns: [
      { header: timeMsg.companyColumn, width: 36 },
      ...week.days.map((date, index) => ({ header: dayHeader(date, index), width: 10 })),
      { header: timeMsg.totalColumn, width: 10 },
      { header: 'Horas', width: 10, numFmt: '0.00' },
    ],
    rows: [
      ...week.rows.map((row) => line(row.businessName, row.minutes, row.total)),
      line(timeMsg.totalRow, week.dayTotals, week.total),
    ],
  };
}
