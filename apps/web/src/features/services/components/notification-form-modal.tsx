import { type ServiceNotification, ServiceNotificationCreateSchema } from '@app/shared/schemas/services';
import { Alert, Button, Group, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useCreateServiceNotification } from '../api/create-service-notification';
import { useUpdateServiceNotification } from '../api/update-service-notification';
import { firstServerError } from './first-server-error';

interface NotificationFormValues {
  day: number | string;
  subject: string;
  message: string;
}

const emptyValues: NotificationFormValues = { day: '', subject: '', message: '' };

/** Create or edit a monthly notification; a server failure shows the first entry of its errors list. */
export function NotificationFormModal({
  serviceId,
  opened,
  notification,
  onClose,
}: {
  serviceId: number;
  opened: boolean;
  notification: ServiceNotification | null;
  onClose: () => void;
}) {
  const isEdit = notification !== null;
  const create = useCreateServiceNotification();
  const update = useUpdateServiceNotification();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<NotificationFormValues>({
    initialValues: emptyValues,
    validate: schemaResolver(ServiceNotificationCreateSchema, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for a notification
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      notification
        ? { day: notification.day, subject: notification.subject, message: notification.message }
        : emptyValues,
    );
    form.resetDirty();
    form.clearErrors();
    setServerError(null);
  }, [opened, notification]);

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    const body = { ...values, day: Number(values.day) };
    try {
      const result = isEdit
        ? await update.mutateAsync({ ...body, serviceId, id: notification.id })
        : await create.mutateAsync({ ...body, serviceId });
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      setServerError(firstServerError(error));
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={isEdit ? 'Editar notificación' : 'Nueva notificación'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {serverError && (
            <Alert color="red" variant="light" role="alert">
              {serverError}
            </Alert>
          )}
          <NumberInput
            clampBehavior="none"
            label="Día"
            description="Día del mes en que se envía (1 a 31; en meses más cortos, el último día)"
            withAsterisk
            min={1}
            max={31}
            data-autofocus
            {...form.getInputProps('day')}
          />
          <TextInput label="Asunto" withAsterisk {...form.getInputProps('subject')} />
          <Textarea label="Mensaje" withAsterisk autosize minRows={4} maxRows={12} {...form.getInputProps('message')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
