import { msg } from '@app/shared/messages';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { DATE_FORMAT, parseTypedDate } from '../lib/dates';

/** Text that is there but names no date ('31-02-2026', '12-2024'). */
const isImpossible = (text: string) => text.trim() !== '' && parseTypedDate(text) === null;

/**
 * A calendar date picked or typed as DD-MM-YYYY; its value is the API's 'YYYY-MM-DD' string
 * (Mantine's date string), so nothing shifts with the browser's time zone. A typed date that does
 * not exist (31-02-2026) stays in the input, says 'Fecha inválida', and empties the value, so the
 * form can neither save it nor silently keep the date it replaced.
 *
 * The value is emptied as the impossible text is typed, while the calendar is open: Mantine's
 * DateInput rewrites its text from the value when the value changes with the calendar closed, so
 * emptying it on leaving the field would wipe what the user typed.
 */
export function DateField({ error, value, onChange, onBlur, onInput, ...props }: DateInputProps) {
  // What the input shows when it names no date; null while it is empty or a real date.
  const [impossibleText, setImpossibleText] = useState<string | null>(null);
  // Said once the user leaves the field (not while typing), or when the form reports an error.
  const [left, setLeft] = useState(false);
  return (
    <DateInput
      valueFormat={DATE_FORMAT}
      dateParser={parseTypedDate}
      placeholder="DD-MM-AAAA"
      leftSection={<IconCalendar size={16} aria-hidden />}
      popoverProps={{ withinPortal: true }}
      // Emptying the text empties the value too, so a required date says 'Campo requerido'.
      clearable
      clearButtonProps={{ 'aria-label': 'Borrar fecha' }}
      fixOnBlur={false}
      {...props}
      value={value}
      // A date set from outside (the company reloaded) replaces the text, and with it the message.
      error={impossibleText !== null && !value && (left || error) ? msg.dateInvalid : error}
      onInput={(event) => {
        const text = event.currentTarget.value;
        if (isImpossible(text)) {
          setImpossibleText(text);
          if (value) onChange?.(null);
        } else {
          setImpossibleText(null);
        }
        setLeft(false);
        onInput?.(event);
      }}
      onChange={(date) => {
        // A real date typed or picked from the calendar, or the field cleared.
        setImpossibleText(null);
        onChange?.(date);
      }}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
    />
  );
}
