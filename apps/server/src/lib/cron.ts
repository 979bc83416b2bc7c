/**
 * A five-field cron expression (minute hour day-of-month month day-of-week), each field `*`, a
 * number, a range `a-b`, a list `a,b` and steps `*\/n` or `a-b/n`; day-of-week 0–7 (0 and 7 are
 * Sunday). As in cron, when both day fields are restricted a day matching either one matches.
 */
export interface CronTime {
  minute: number;
  hour: number;
  day: number;
  month: number;
  /** 0 = Sunday. */
  weekday: number;
}

const FIELDS: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseField(text: string, [min, max]: [number, number]): Set<number> | null {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) return null;
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return null;
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** The expression's test of a moment, or null when it is not a valid expression. */
export function parseCron(expression: string): ((time: CronTime) => boolean) | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const sets = fields.map((field, i) => parseField(field, FIELDS[i] as [number, number]));
  if (sets.some((set) => set === null)) return null;
  const [minutes, hours, days, months, weekdays] = sets as Set<number>[];
  if (weekdays?.has(7)) weekdays.add(0);
  const dayRestricted = fields[2] !== '*';
  const weekdayRestricted = fields[4] !== '*';
  return (time) => {
    if (!minutes?.has(time.minute) || !hours?.has(time.hour) || !months?.has(time.month)) return false;
    const byDay = days?.has(time.day) ?? false;
    const byWeekday = weekdays?.has(time.weekday) ?? false;
    if (dayRestricted && weekdayRestricted) return byDay || byWeekday;
    return byDay && byWeekday;
  };
}
