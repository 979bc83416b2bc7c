import { notesMsg } from '@app/shared/messages-notes';
import { NOTE_DESCRIPTION_MAX, type Note, NoteCreateSchema } from '@app/shared/schemas/notes';
import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBell } from '@tabler/icons-react';
import { useCreateNote } from '../../../api/notes/create-note';
import { useUpdateNote } from '../../../api/notes/update-note';
import { FormButtons } from '../../../components/form-buttons';
import { DATE_FORMAT } from '../../../lib/dates';
import { showServerErrors } from '../../../lib/form-errors';
import { useCurrentUser } from '../../../lib/session';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { noteTexts } from './note-texts';
import { earliestReminder, instantToReminder, reminderToInstant } from './reminder';
import { useAssigneeOptions } from './use-assignee-options';

/**
 * The form keeps the assignee as the select's text and the reminder as the picker's day and time
 * on the firm's clock ('YYYY-MM-DD HH:mm:ss').
 */
interface NoteFormValues {
  description: string;
  userId: string | null;
  reminder: string | null;
}

const toFormValues = (note: Note | null, currentUserId: number): NoteFormValues => ({
  description: note?.description ?? '',
  userId: String(note?.userId.id ?? currentUserId),
  reminder: instantToReminder(note?.reminder),
});

/** The body of POST and PUT /api/note: no assignee means the signed-in user. */
const toBody = (values: NoteFormValues) => ({
  description: values.description,
  userId: values.userId ? Number(values.userId) : undefined,
  reminder: reminderToInstant(values.reminder),
});

const validateNote = schemaResolver(NoteCreateSchema, { sync: true });

/**
 * The shared schema refuses a past reminder; a note whose saved reminder has passed is still
 * saved for its other fields, so an unchanged reminder is not checked again.
 */
const validate = (note: Note | null) => (values: NoteFormValues) => {
  const body = toBody(values);
  const unchanged = note !== null && body.reminder === note.reminder;
  return validateNote(unchanged ? { ...body, reminder: null } : body);
};

/** '+ Añadir Nueva Nota' and a note's pencil (owners): description, Encargado and the reminder. */
export function NoteFormModal({ note, opened, onClose }: { note: Note | null; opened: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const create = useCreateNote();
  const update = useUpdateNote();
  const { options, isLoading } = useAssigneeOptions();
  const form = useForm<NoteFormValues>({
    initialValues: toFormValues(note, user.id),
    validate: validate(note),
  });

  useResetOnOpen(form, opened, toFormValues(note, user.id), [note?.id]);

  const submit = form.onSubmit((values) => {
    const body = toBody(values);
    const save = () => (note ? update.mutateAsync({ id: note.id, ...body }) : create.mutateAsync(body));
    return submitAndNotify(form, save, {
      onSaved: onClose,
      onError: (error) => showServerErrors(form, error, { title: notesMsg.saveFailed }),
    });
  });

  // Past days (and today's past times) cannot be picked; the server refuses them too.
  const earliest = earliestReminder();
  return (
    <Modal opened={opened} onClose={onClose} title={note ? noteTexts.editNote : noteTexts.newNote} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label={noteTexts.description}
            withAsterisk
            autosize
            minRows={3}
            maxLength={NOTE_DESCRIPTION_MAX}
            data-autofocus
            {...form.getInputProps('description')}
          />
          <Select
            label={noteTexts.assignee}
            data={options}
            placeholder={isLoading ? 'Cargando usuarios…' : undefined}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('userId')}
          />
          <DateTimePicker
            label={noteTexts.reminderAt}
            placeholder="DD-MM-AAAA HH:mm"
            valueFormat={`${DATE_FORMAT} HH:mm`}
            leftSection={<IconBell size={16} aria-hidden />}
            minDate={earliest}
            clearable
            clearButtonProps={{ 'aria-label': 'Borrar recordatorio' }}
            // The hour most reminders are for, until another is chosen.
            defaultTimeValue="09:00"
            timePickerProps={{
              hoursInputLabel: noteTexts.reminderHours,
              minutesInputLabel: noteTexts.reminderMinutes,
              withDropdown: false,
            }}
            submitButtonProps={{ 'aria-label': noteTexts.reminderConfirm }}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('reminder')}
          />
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
