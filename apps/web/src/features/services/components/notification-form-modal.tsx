import { type ServiceNotification, ServiceNotificationCreateSchema } from '@app/shared/schemas/services';
import { Alert, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useCreateServiceNotification } from '../../../api/services/create-service-notification';
import { useUpdateServiceNotification } from '../../../api/services/update-service-notification';
import { FormButtons } from '../../../components/form-buttons';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
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

  useResetOnOpen(
    form,
    opened,
    notification
      ? { day: notification.day, subject: notification.subject, message: notification.message }
      : emptyValues,
    [notification],
    () => setServerError(null),
  );

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    const body = { ...values, day: Number(values.day) };
    await submitAndNotify(
      form,
      () =>
        isEdit
          ? update.mutateAsync({ ...body, serviceId, id: notification.id })
          : create.mutateAsync({ ...body, serviceId }),
      { onSaved: onClose, onError: (error) => setServerError(firstServerError(error)) },
    );
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
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
