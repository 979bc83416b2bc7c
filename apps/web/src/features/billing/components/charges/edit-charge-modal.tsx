import { billingMsg } from '@app/shared/messages-billing';
import { formatMoneyInput } from '@app/shared/money';
import { formatHundredths } from '@app/shared/money-decimal';
import { BILLING_DESCRIPTION_MAX, type Charge } from '@app/shared/schemas/billing';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useUpdateCharge } from '../../../../api/billing/charges';
import { submitAndNotify } from '../../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../../lib/use-reset-on-open';
import { agreedAmountError } from '../../utils/amounts';
import { showBillingErrors } from '../../utils/server-errors';

const valuesOf = (charge: Charge | null) => ({
  description: charge?.description ?? '',
  amount:
    charge === null
      ? ''
      : charge.currency === 'UF'
        ? formatHundredths(charge.ufAmount ?? 0)
        : formatMoneyInput(charge.net ?? 0),
});

/** 'Editar' a charge not yet issued: its detail and amount, in its currency (a UF charge is converted again). */
export function EditChargeModal({
  charge,
  opened,
  onClose,
}: {
  charge: Charge | null;
  opened: boolean;
  onClose: () => void;
}) {
  const update = useUpdateCharge();
  const form = useForm({
    initialValues: valuesOf(charge),
    validate: {
      description: (value) => (value.trim() ? null : billingMsg.required),
      amount: (value) => (charge ? agreedAmountError(charge.currency, value) : null),
    },
  });
  useResetOnOpen(form, opened, valuesOf(charge), [charge?.id]);
  const isUf = charge?.currency === 'UF';

  const submit = form.onSubmit((values) =>
    charge
      ? submitAndNotify(form, () => update.mutateAsync({ id: charge.id, ...values }), {
          onSaved: onClose,
          onError: (error) => showBillingErrors(form, error),
        })
      : undefined,
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Editar cobro">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" fw={500}>
            {charge?.businessName}
          </Text>
          <TextInput
            label="Detalle"
            withAsterisk
            maxLength={BILLING_DESCRIPTION_MAX}
            data-autofocus
            {...form.getInputProps('description')}
          />
          <TextInput
            label={isUf ? 'Monto en UF' : 'Monto neto en pesos'}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            leftSection={isUf ? undefined : '$'}
            rightSection={isUf ? 'UF' : undefined}
            {...form.getInputProps('amount')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={update.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
