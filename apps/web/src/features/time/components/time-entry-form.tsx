import { formatDuration } from '@app/shared/duration';
import { TIME_NOTE_MAX, type TimeEntry, TimeEntryInputSchema } from '@app/shared/schemas/time';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCreateTimeEntry, useUpdateTimeEntry } from '../../../api/time/entries';
import { DateField } from '../../../components/date-field';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useWorkOptions } from './use-work-options';

interface EntryFormValues {
  date: string | null;
  duration: string;
  businessId: string | null;
  serviceId: string | null;
  note: string;
}

const toBody = (values: EntryFormValues) => ({
  date: values.date ?? '',
  duration: values.duration,
  businessId: values.businessId ? Number(values.businessId) : (undefined as unknown as number),
  serviceId: values.serviceId ? Number(values.serviceId) : null,
  note: values.note,
});

const validateEntry = schemaResolver(TimeEntryInputSchema, { sync: true });

/**
 * 'Agregar registro' and an entry's pencil: the day, the duration as h:mm, the company, optionally
 * a service, and a note. The shared schema checks it here and on the server.
 */
export function TimeEntryForm({
  entry,
  defaultDate,
  onDone,
}: {
  entry?: TimeEntry;
  defaultDate: string;
  onDone?: () => void;
}) {
  const create = useCreateTimeEntry();
  const update = useUpdateTimeEntry();
  const { companyOptions, serviceOptions } = useWorkOptions();
  const initialValues: EntryFormValues = {
    date: entry?.date ?? defaultDate,
    duration: entry?.minutes ? formatDuration(entry.minutes) : '',
    businessId: entry ? String(entry.businessId) : null,
    serviceId: entry?.serviceId ? String(entry.serviceId) : null,
    note: entry?.note ?? '',
  };
  const form = useForm<EntryFormValues>({
    initialValues,
    validate: (values) => validateEntry(toBody(values)),
  });

  const submit = form.onSubmit((values) => {
    const body = toBody(values);
    const save = () => (entry ? update.mutateAsync({ id: entry.id, body }) : create.mutateAsync(body));
    return submitAndNotify(form, save, {
      onSaved: () => {
        if (!entry) form.setValues({ ...initialValues, date: values.date });
        onDone?.();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={entry ? 'Modificar registro' : 'Agregar registro'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField label="Fecha" withAsterisk {...form.getInputProps('date')} />
          <TextInput
            label="Duración (h:mm)"
            placeholder="1:30"
            withAsterisk
            inputMode="numeric"
            {...form.getInputProps('duration')}
          />
          <Select
            label="Empresa"
            data={companyOptions}
            searchable
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('businessId')}
          />
          <Select
            label="Servicio (opcional)"
            data={serviceOptions}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('serviceId')}
          />
        </SimpleGrid>
        <TextInput label="Nota" maxLength={TIME_NOTE_MAX} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          {onDone && entry && (
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
          )}
          <Button type="submit" loading={create.isPending || update.isPending}>
            {entry ? 'Guardar' : 'Agregar registro'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
