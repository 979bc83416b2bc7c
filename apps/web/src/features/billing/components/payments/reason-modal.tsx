import { BILLING_REASON_MAX } from '@app/shared/schemas/billing';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useResetOnOpen } from '../../../../lib/use-reset-on-open';

/** A write that asks for its reason (reversing a payment, rejecting a receipt, ignoring a bank line). */
export function ReasonModal({
  title,
  summary,
  label,
  requiredMessage,
  confirmLabel,
  opened,
  pending,
  onClose,
  onConfirm,
}: {
  title: string;
  summary: string;
  label: string;
  requiredMessage: string;
  confirmLabel: string;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : requiredMessage) },
  });
  useResetOnOpen(form, opened, { reason: '' });
  const submit = form.onSubmit(({ reason }) =>
    onConfirm(reason)
      .then(onClose)
      .catch((error: Error) => form.setFieldError('reason', error.message)),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{summary}</Text>
          <Textarea
            label={label}
            withAsterisk
            autosize
            minRows={2}
            maxLength={BILLING_REASON_MAX}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
