import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DATE_INPUT_FORMAT, parseTypedDate } from '../utils/dates';

/**
 * A calendar date picked or typed as DD-MM-YYYY; its value is the API's 'YYYY-MM-DD' string
 * (Mantine's date string), so nothing shifts with the browser's time zone.
 */
export function DateField(props: DateInputProps) {
  return (
    <DateInput
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseTypedDate}
      placeholder="DD-MM-AAAA"
      leftSection={<IconCalendar size={16} aria-hidden />}
      popoverProps={{ withinPortal: true }}
      // Emptying the text empties the value too, so a required date says 'Campo requerido'.
      clearable
      clearButtonProps={{ 'aria-label': 'Borrar fecha' }}
      {...props}
    />
  );
}
