import { BILLING_DAY_MAX, type Currency, type DocumentType, PAYMENT_TERM_MAX_DAYS } from '@app/shared/billing';
import { billingMsg } from '@app/shared/messages-billing';
import type { FeeTerms } from '@app/shared/schemas/billing';
import { Button, Group, Modal, NumberInput, Stack, Switch } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useSaveFeeTerms } from '../../../../api/billing/fee-terms';
import { EmailTagsInput } from '../../../../components/email-tags-input';
import { MONTH_FORMAT } from '../../../../lib/dates';
import { submitAndNotify } from '../../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../../lib/use-reset-on-open';
import { agreedAmountError, agreedAmountText } from '../../utils/amounts';
import { currentBillingMonth, fromMonthText, fromPickerValue, monthPickerValue } from '../../utils/billing-month';
import { showBillingErrors } from '../../utils/server-errors';
import { AgreedAmountFields } from './agreed-amount-fields';

export interface FeeTermsFormValues {
  effectiveFrom: string | null;
  currency: Currency;
  amount: string;
  documentType: DocumentType;
  billingDay: number | string;
  paymentTermDays: number | string;
  contacts: string[];
  toMonth: string | null;
  active: boolean;
}

/** The form starts from the terms in force (a change is usually one field), from this month on. */
function initialValues(current: FeeTerms | null): FeeTermsFormValues {
  return {
    effectiveFrom: monthPickerValue(currentBillingMonth()),
    currency: current?.currency ?? 'CLP',
    amount: current ? agreedAmountText(current.currency, current.amount) : '',
    documentType: current?.documentType ?? 'factura_afecta',
    billingDay: current?.billingDay ?? 1,
    paymentTermDays: current?.paymentTermDays ?? 10,
    contacts: current?.ownContacts ? current.contacts : [],
    toMonth: current?.toMonth ? monthPickerValue(fromMonthText(current.toMonth)) : null,
    active: current?.active ?? true,
  };
}

const isWhole = (value: number | string, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * 'Cambiar honorarios': a new version of the company's terms in force from a month; the history
 * keeps the earlier ones. The amount is read in its currency ('2,5' UF, '150.000' pesos) by the
 * same shared readers as the server, whose refusals land on their fields.
 */
export function FeeTermsFormModal({
  businessId,
  current,
  opened,
  onClose,
}: {
  businessId: number;
  current: FeeTerms | null;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useSaveFeeTerms();
  const form = useForm<FeeTermsFormValues>({
    initialValues: initialValues(current),
    validate: {
      effectiveFrom: (value) => (value ? null : 'Indique desde qué mes rigen'),
      amount: (value, values) => agreedAmountError(values.currency, value),
      billingDay: (value) => (isWhole(value, 1, BILLING_DAY_MAX) ? null : billingMsg.invalidBillingDay),
      paymentTermDays: (value) =>
        isWhole(value, 0, PAYMENT_TERM_MAX_DAYS) ? null : billingMsg.invalidPaymentTerm(PAYMENT_TERM_MAX_DAYS),
    },
  });
  useResetOnOpen(form, opened, initialValues(current), [current?.id]);

  const submit = form.onSubmit((values) => {
    const effectiveFrom = fromPickerValue(values.effectiveFrom);
    if (!effectiveFrom) return;
    return submitAndNotify(
      form,
      () =>
        save.mutateAsync({
          businessId,
          effectiveFrom,
          currency: values.currency,
          amount: values.amount,
          documentType: values.documentType,
          billingDay: Number(values.billingDay),
          paymentTermDays: Number(values.paymentTermDays),
          contacts: values.contacts,
          toMonth: fromPickerValue(values.toMonth),
          active: values.active,
        }),
      { onSaved: onClose, onError: (error) => showBillingErrors(form, error) },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Cambiar honorarios" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <MonthPickerInput
            label="Vigentes desde"
            description="El mes desde el que se cobran así; los meses anteriores quedan como estaban"
            withAsterisk
            valueFormat={MONTH_FORMAT}
            {...form.getInputProps('effectiveFrom')}
          />
          <AgreedAmountFields
            currency={form.getInputProps('currency')}
            amount={form.getInputProps('amount')}
            documentType={form.getInputProps('documentType')}
          >
            <NumberInput
              label="Día de facturación"
              description={`Del 1 al ${BILLING_DAY_MAX} de cada mes`}
              withAsterisk
              min={1}
              max={BILLING_DAY_MAX}
              allowDecimal={false}
              {...form.getInputProps('billingDay')}
            />
            <NumberInput
              label="Plazo de pago (días)"
              description="Días desde la emisión hasta el vencimiento"
              withAsterisk
              min={0}
              max={PAYMENT_TERM_MAX_DAYS}
              allowDecimal={false}
              {...form.getInputProps('paymentTermDays')}
            />
          </AgreedAmountFields>
          <EmailTagsInput
            clearLabel="Quitar todos los correos de cobro"
            label="Correos de cobro"
            description="Vacío: los contactos de la empresa"
            placeholder="pagos@empresa.cl"
            {...form.getInputProps('contacts')}
          />
          <MonthPickerInput
            label="Último mes a facturar"
            description="Opcional: después de este mes no se generan cobros"
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar último mes' }}
            valueFormat={MONTH_FORMAT}
            {...form.getInputProps('toMonth')}
          />
          <Switch
            label="Activo"
            description="Desactivado, no se generan cobros desde el mes indicado"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
