import { billingMsg } from '@app/shared/messages-billing';
import { BILLING_REASON_MAX, type Charge } from '@app/shared/schemas/billing';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useVoidCharge } from '../../../../api/billing/charges';
import { submitAndNotify } from '../../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../../lib/use-reset-on-open';
import { showBillingErrors } from '../../utils/server-errors';
import { moneyOrDash } from './charge-format';

/** 'Anular': a charge is never deleted; it is voided with a required reason, kept with who and when. */
export function VoidChargeModal({
  charge,
  opened,
  onClose,
}: {
  charge: Charge | null;
  opened: boolean;
  onClose: () => void;
}) {
  const voidCharge = useVoidCharge();
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : billingMsg.voidReasonRequired) },
  });
  useResetOnOpen(form, opened, { reason: '' }, [charge?.id]);

  const submit = form.onSubmit(({ reason }) =>
    charge
      ? submitAndNotify(form, () => voidCharge.mutateAsync({ id: charge.id, reason }), {
          onSaved: onClose,
          onError: (error) => showBillingErrors(form, error),
        })
      : undefined,
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Anular cobro">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {charge ? `${charge.businessName}: ${charge.description}, ${moneyOrDash(charge.total)}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            El cobro queda anulado con su motivo; no se elimina.
          </Text>
          <Textarea
            label="Motivo de la anulación"
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
            <Button type="submit" color="red" loading={voidCharge.isPending}>
              Anular cobro
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
