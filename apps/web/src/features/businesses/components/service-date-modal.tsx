import { BusinessServiceCreateSchema } from '@app/shared/schemas/services';
import { Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DateField } from '../../../components/date-field';
import { FormButtons } from '../../../components/form-buttons';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

const StartDateSchema = BusinessServiceCreateSchema.pick({ startDate: true });

interface ServiceDateModalProps {
  opened: boolean;
  title: string;
  serviceName: string;
  initialDate: string | null;
  loading: boolean;
  onClose: () => void;
  /** Answers true once saved, so the modal closes; false keeps it open. */
  onSubmit: (startDate: string) => Promise<boolean>;
}

/** 'Activar' and 'Editar' on a company's service: the link's start date, required. */
export function ServiceDateModal({
  opened,
  title,
  serviceName,
  initialDate,
  loading,
  onClose,
  onSubmit,
}: ServiceDateModalProps) {
  const form = useForm<{ startDate: string | null }>({
    initialValues: { startDate: initialDate },
    validate: schemaResolver(StartDateSchema, { sync: true }),
  });

  useResetOnOpen(form, opened, { startDate: initialDate }, [initialDate]);

  const submit = form.onSubmit(async ({ startDate }) => {
    if (startDate && (await onSubmit(startDate))) onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Servicio: <b>{serviceName}</b>
          </Text>
          <DateField label="Fecha de inicio" withAsterisk data-autofocus {...form.getInputProps('startDate')} />
          <FormButtons onCancel={onClose} loading={loading} />
        </Stack>
      </form>
    </Modal>
  );
}
