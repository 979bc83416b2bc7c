import { holidaysMsg } from '@app/shared/messages-holidays';
import { FIRM_HOLIDAY_NAME_MAX, FirmHolidayCreateSchema } from '@app/shared/schemas/holidays';
import { ActionIcon, Button, Card, Group, Loader, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useCreateHoliday, useDeleteHoliday, useHolidays } from '../../../api/holidays/holidays';
import { DateField } from '../../../components/date-field';
import { LoadError } from '../../../components/load-error';
import { formatDate } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { submitAndNotify } from '../../../lib/submit-and-notify';

/**
 * 'Feriados adicionales' on /usuarios (owners): days the firm's due dates skip like Chile's national
 * holidays, listed by date, added with a date and a name, deleted one by one. The server moves the
 * due dates; the boards reload.
 */
export function HolidaysCard() {
  const holidays = useHolidays();
  const create = useCreateHoliday();
  const remove = useDeleteHoliday();
  const form = useForm<{ date: string | null; name: string }>({
    initialValues: { date: null, name: '' },
    validate: schemaResolver(FirmHolidayCreateSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => create.mutateAsync({ date: values.date ?? '', name: values.name }), {
      onSaved: () => form.reset(),
    }),
  );

  return (
    <Card withBorder mt="md" padding="md" component="section" aria-labelledby="feriados-adicionales">
      <Text fw={600} id="feriados-adicionales">
        {holidaysMsg.title}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {holidaysMsg.hint}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" wrap="wrap">
          <DateField label={holidaysMsg.dateLabel} withAsterisk w={180} {...form.getInputProps('date')} />
          <TextInput
            label={holidaysMsg.nameLabel}
            placeholder={holidaysMsg.namePlaceholder}
            withAsterisk
            maxLength={FIRM_HOLIDAY_NAME_MAX}
            style={{ flex: 1, minWidth: 200 }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" mt={25} loading={create.isPending}>
            {holidaysMsg.add}
          </Button>
        </Group>
      </form>
      {holidays.isError ? (
        <LoadError title={holidaysMsg.title} query={holidays} />
      ) : !holidays.data ? (
        <Loader size="sm" role="status" aria-label="Cargando" mt="sm" />
      ) : holidays.data.length === 0 ? (
        <Text size="sm" mt="sm">
          {holidaysMsg.empty}
        </Text>
      ) : (
        <Table mt="sm" aria-label={holidaysMsg.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{holidaysMsg.dateLabel}</Table.Th>
              <Table.Th>{holidaysMsg.nameLabel}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holidays.data.map((holiday) => (
              <Table.Tr key={holiday.id}>
                <Table.Td>{formatDate(holiday.date)}</Table.Td>
                <Table.Td>{holiday.name}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={holidaysMsg.deleteLabel(formatDate(holiday.date))}
                    loading={remove.isPending && remove.variables === holiday.id}
                    onClick={() =>
                      remove.mutate(holiday.id, {
                        onSuccess: (result) => notifySuccess(result.message),
                        onError: (error) => notifyError(error),
                      })
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
