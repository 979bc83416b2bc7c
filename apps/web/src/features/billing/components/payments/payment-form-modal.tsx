import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@app/shared/billing';
import { billingMsg } from '@app/shared/messages-billing';
import { formatMoney, parseMoney } from '@app/shared/money';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useCreatePayment } from '../../../../api/billing/payments';
import { useStatement } from '../../../../api/billing/statement';
import { useBusinesses } from '../../../../api/businesses/get-businesses';
import { DateField } from '../../../../components/date-field';
import { formatDate, today } from '../../../../lib/dates';
import { submitAndNotify } from '../../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../../lib/use-reset-on-open';
import { showBillingErrors } from '../../utils/server-errors';

interface PaymentFormValues {
  businessId: string | null;
  date: string | null;
  amount: string;
  method: PaymentMethod;
  reference: string;
  applyTo: 'oldest' | 'chosen';
  chargeIds: string[];
}

const initial = (businessId: number | null): PaymentFormValues => ({
  businessId: businessId === null ? null : String(businessId),
  date: today(),
  amount: '',
  method: 'transferencia',
  reference: '',
  applyTo: 'oldest',
  chargeIds: [],
});

/** The company's open charges, oldest first, to choose which the payment pays first. */
function OpenCharges({ businessId, form }: { businessId: number; form: UseFormReturnType<PaymentFormValues> }) {
  const statement = useStatement(businessId);
  const open = (statement.data?.charges ?? []).filter((charge) => charge.open > 0);
  if (!statement.data) return <Text size="sm">Cargando cobros…</Text>;
  if (open.length === 0)
    return <Text size="sm">La empresa no tiene cobros pendientes: el pago quedará como saldo a favor.</Text>;
  return (
    <Checkbox.Group label="Cobros que paga primero" {...form.getInputProps('chargeIds')}>
      <Stack gap={6} mt={6}>
        {open.map((charge) => (
          <Checkbox
            key={charge.id}
            value={String(charge.id)}
            label={`${charge.description}: pendiente ${formatMoney(charge.open)}, vence ${formatDate(charge.dueDate)}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * 'Registrar pago': a payment typed by the firm, applied to the company's oldest open charges or
 * to the ones chosen (in that order); what is left stays as the company's credit.
 */
export function PaymentFormModal({
  business,
  opened,
  onClose,
}: {
  /** The company paying; null: chosen in the form. */
  business: { id: number; name: string } | null;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreatePayment();
  const businesses = useBusinesses();
  const form = useForm<PaymentFormValues>({
    initialValues: initial(business?.id ?? null),
    validate: {
      businessId: (value) => (value ? null : billingMsg.businessNotFound),
      date: (value) => (value ? null : 'Indique la fecha del pago'),
      amount: (value) => {
        const parsed = parseMoney(value);
        if (!parsed.success) return parsed.error;
        return parsed.value > 0 ? null : billingMsg.paymentAmountPositive;
      },
    },
  });
  useResetOnOpen(form, opened, initial(business?.id ?? null), [business?.id]);
  const businessId = form.values.businessId ? Number(form.values.businessId) : null;

  const submit = form.onSubmit((values) =>
    submitAndNotify(
      form,
      () =>
        create.mutateAsync({
          businessId: Number(values.businessId),
          date: values.date ?? '',
          amount: values.amount,
          method: values.method,
          reference: values.reference,
          chargeIds: values.applyTo === 'chosen' ? values.chargeIds.map(Number) : [],
        }),
      { onSaved: onClose, onError: (error) => showBillingErrors(form, error) },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Registrar pago" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {business ? (
            <Text fw={500}>{business.name}</Text>
          ) : (
            <Select
              label="Empresa"
              withAsterisk
              searchable
              nothingFoundMessage="Sin resultados"
              data={(businesses.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
              {...form.getInputProps('businessId')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField label="Fecha del pago" withAsterisk {...form.getInputProps('date')} />
            <TextInput
              label="Monto pagado"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              leftSection="$"
              data-autofocus
              {...form.getInputProps('amount')}
            />
            <NativeSelect
              label="Medio de pago"
              data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
              {...form.getInputProps('method')}
            />
            <TextInput
              label="Referencia"
              description="N° de operación, cheque…"
              maxLength={200}
              {...form.getInputProps('reference')}
            />
          </SimpleGrid>
          <Radio.Group label="Aplicar a" {...form.getInputProps('applyTo')}>
            <Group mt={6}>
              <Radio value="oldest" label="Los cobros más antiguos" />
              <Radio value="chosen" label="Elegir cobros" />
            </Group>
          </Radio.Group>
          {form.values.applyTo === 'chosen' && businessId !== null && (
            <OpenCharges businessId={businessId} form={form} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Registrar pago
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
