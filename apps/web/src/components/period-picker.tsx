import { currentPeriod, type Period } from '@app/shared/period';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendarMonth } from '@tabler/icons-react';
import { MONTH_FORMAT } from '../lib/dates';
import { FIRST_PERIOD } from '../lib/period';

const pad = (value: number) => String(value).padStart(2, '0');
const toPickerValue = ({ year, month }: Period) => `${year}-${pad(month)}-01`;

/** 'Marzo 2026'. */
export const monthTitle = ({ year, month }: Period) => `${MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan']} ${year}`;

/**
 * A board's month selector: from January 2010 to the current default
 * period, never past it.
 */
export function PeriodPicker({
  label,
  period,
  onChange,
}: {
  label: string;
  period: Period;
  onChange: (period: Period) => void;
}) {
  return (
    <MonthPickerInput
      mb="md"
      label={label}
      leftSection={<IconCalendarMonth size={16} aria-hidden />}
      value={toPickerValue(period)}
      onChange={(value) => {
        if (!value) return;
        const [year, month] = String(value).split('-').map(Number);
        if (!year || !month) return;
        onChange({ year, month });
      }}
      minDate={toPickerValue(FIRST_PERIOD)}
      maxDate={toPickerValue(currentPeriod())}
      valueFormat={MONTH_FORMAT}
      style={{ flex: '0 1 200px' }}
    />
  );
}
