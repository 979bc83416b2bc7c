import { notesMsg } from '@app/shared/messages-notes';
import { NOTE_DESCRIPTION_MAX, type Note, NoteCreateSchema } from '@app/shared/schemas/notes';
import { Modal, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconClock } from '@tabler/icons-react';
import { useCreateNote } from '../../../api/notes/create-note';
import { useUpdateNote } from '../../../api/notes/update-note';
import { DateField } from '../../../components/date-field';
import { FormButtons } from '../../../components/form-buttons';
import { showServerErrors } from '../../../lib/form-errors';
import { useCurrentUser } from '../../../lib/session';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { noteTexts } from './note-texts';
import { instantToReminder, reminderToInstant } from './reminder';
import { useAssigneeOptions } from './use-assignee-options';

/** The form keeps the assignee as the select's text and the reminder as its day and time. */
interface NoteFormValues {
  description: string;
  userId: string | null;
  reminderDate: string | null;
  reminderTime: string;
}

const toFormValues = (note: Note | null, currentUserId: number): NoteFormValues => {
  const reminder = instantToReminder(note?.reminder);
  return {
    description: note?.description ?? '',
    userId: String(note?.userId.id ?? currentUserId),
    reminderDate: reminder.date,
    reminderTime: reminder.time,
  };
};

/** The body of POST and PUT /api/note: no assignee means the signed-in user (spec 2 §5). */
const toBody = (values: NoteFormValues) => ({
  description: values.description,
  userId: values.userId ? Number(values.userId) : undefined,
  reminder: reminderToInstant({ date: values.reminderDate, time: values.reminderTime }),
});

const validateNote = schemaResolver(NoteCreateSchema, { sync: true });

/** '+ Añadir Nueva Nota' and a note's pencil (owners): description, Encargado and the reminder. */
export function NoteFormModal({ note, opened, onClose }: { note: Note | null; opened: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const create = useCreateNote();
  const update = useUpdateNote();
  const { options, isLoading } = useAssigneeOptions();
  const form = useForm<NoteFormValues>({
    initialValues: toFormValues(note, user.id),
    validate: (values) => validateNote(toBody(values)),
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

  const dateProps = form.getInputProps('reminderDate');
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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label={noteTexts.reminderDate}
              {...dateProps}
              // A reminder without a day has no time either: clearing the day clears it.
              onChange={(date) => {
                dateProps.onChange(date);
                if (!date) form.setFieldValue('reminderTime', '');
              }}
              error={dateProps.error ?? form.errors.reminder}
            />
            {/* The time is asked only once a day is chosen (spec 2 §5). */}
            {form.values.reminderDate && (
              <TimeInput
                label={noteTexts.reminderTime}
                leftSection={<IconClock size={16} aria-hidden />}
                {...form.getInputProps('reminderTime')}
              />
            )}
          </SimpleGrid>
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
