import { documentsMsg } from '@app/shared/messages-documents';
import { currentPeriod, type Period } from '@app/shared/period';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendarMonth } from '@tabler/icons-react';
import { MONTH_FORMAT } from '../../../lib/dates';

const pad = (value: number) => String(value).padStart(2, '0');
const toPickerValue = ({ year, month }: Period) => `${year}-${pad(month)}-01`;

/**
 * The documents' month selector: from `first` (January 2010 for the
 * staff, January 2018 for a client) to the current default period. The shared PeriodPicker has no
 * earliest month of its own, and the client's differs.
 */
export function DocumentsPeriodPicker({
  period,
  first,
  onChange,
}: {
  period: Period;
  first: Period;
  onChange: (period: Period) => void;
}) {
  return (
    <MonthPickerInput
      label={documentsMsg.periodLabel}
      leftSection={<IconCalendarMonth size={16} aria-hidden />}
      value={toPickerValue(period)}
      onChange={(value) => {
        if (!value) return;
        const [year, month] = String(value).split('-').map(Number);
        if (year && month) onChange({ year, month });
      }}
      minDate={toPickerValue(first)}
      maxDate={toPickerValue(currentPeriod())}
      valueFormat={MONTH_FORMAT}
      w={{ base: '100%', xs: 220 }}
    />
  );
}
