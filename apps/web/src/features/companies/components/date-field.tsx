import { msg } from '@app/shared/messages';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { DATE_INPUT_FORMAT, parseTypedDate } from '../utils/dates';

/**
 * A calendar date picked or typed as DD-MM-YYYY; its value is the API's 'YYYY-MM-DD' string
 * (Mantine's date string), so nothing shifts with the browser's time zone. A typed date that does
 * not exist (31-02-2026) stays in the input, says 'Fecha inválida', and empties the value, so the
 * form can neither save it nor silently keep the date it replaced.
 */
export function DateField({ error, onChange, onBlur, ...props }: DateInputProps) {
  const [invalid, setInvalid] = useState(false);
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
      fixOnBlur={false}
      {...props}
      error={invalid ? msg.dateInvalid : error}
      onChange={(value) => {
        setInvalid(false);
        onChange?.(value);
      }}
      onBlur={(event) => {
        const text = event.currentTarget.value.trim();
        if (text && parseTypedDate(text) === null) {
          setInvalid(true);
          onChange?.(null);
        }
        onBlur?.(event);
      }}
    />
  );
}
