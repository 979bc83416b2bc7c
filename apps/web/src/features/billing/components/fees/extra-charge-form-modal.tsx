import type { Currency, DocumentType } from '@app/shared/billing';
import { billingMsg } from '@app/shared/messages-billing';
import { BILLING_DESCRIPTION_MAX, type ExtraCharge } from '@app/shared/schemas/billing';
import { Autocomplete, Button, Group, Modal, NativeSelect, Radio, Stack } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useCreateExtraCharge, useUpdateExtraCharge } from '../../../../api/billing/fee-terms';
import { MONTH_FORMAT } from '../../../../lib/dates';
import { submitAndNotify } from '../../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../../lib/use-reset-on-open';
import { agreedAmountError, agreedAmountText } from '../../utils/amounts';
import {
  currentBillingMonth,
  fromMonthText,
  fromPickerValue,
  monthName,
  monthPickerValue,
} from '../../utils/billing-month';
import { showBillingErrors } from '../../utils/server-errors';
import { AgreedAmountFields } from './agreed-amount-fields';

interface ExtraFormValues {
  description: string;
  currency: Currency;
  amount: string;
  documentType: DocumentType;
  recurrence: 'once' | 'yearly';
  month: string | null;
  monthOfYear: string;
}

/** The usual extra charges: the yearly income tax return in April, closing a business once. */
const SUGGESTIONS = ['Operación Renta', 'Término de giro', 'Inicio de actividades', 'Declaración jurada'];

/** A new extra charge starts empty (yearly in April, the income tax return); one edited, from what it is. */
const initial = (extra: ExtraCharge | null): ExtraFormValues =>
  extra
    ? {
        description: extra.description,
        currency: extra.currency,
        amount: agreedAmountText(extra.currency, extra.amount),
        documentType: extra.documentType,
        recurrence: extra.recurrence,
        month: monthPickerValue(extra.month ? fromMonthText(extra.month) : currentBillingMonth()),
        monthOfYear: String(extra.monthOfYear ?? 4),
      }
    : {
        description: '',
        currency: 'CLP',
        amount: '',
        documentType: 'factura_afecta',
        recurrence: 'yearly',
        month: monthPickerValue(currentBillingMonth()),
        monthOfYear: '4',
      };

/**
 * 'Agregar cobro adicional': an amount charged once in a month, or every year in a month; with
 * `extra`, 'Editar cobro adicional' of one that produced no charge yet (one that did is only
 * deactivated: the server refuses any other change).
 */
export function ExtraChargeFormModal({
  businessId,
  extra = null,
  opened,
  onClose,
}: {
  businessId: number;
  extra?: ExtraCharge | null;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateExtraCharge();
  const update = useUpdateExtraCharge();
  const form = useForm<ExtraFormValues>({
    initialValues: initial(extra),
    validate: {
      description: (value) => (value.trim() ? null : billingMsg.required),
      amount: (value, values) => agreedAmountError(values.currency, value),
      month: (value, values) => (values.recurrence === 'once' && !value ? billingMsg.onceNeedsMonth : null),
    },
  });
  useResetOnOpen(form, opened, initial(extra), [extra?.id]);

  const submit = form.onSubmit((values) => {
    const body = {
      businessId,
      description: values.description,
      currency: values.currency,
      amount: values.amount,
      documentType: values.documentType,
      recurrence: values.recurrence,
      month: values.recurrence === 'once' ? fromPickerValue(values.month) : null,
      monthOfYear: values.recurrence === 'yearly' ? Number(values.monthOfYear) : null,
    };
    return submitAndNotify(
      form,
      () => (extra ? update.mutateAsync({ ...body, id: extra.id, active: extra.active }) : create.mutateAsync(body)),
      { onSaved: onClose, onError: (error) => showBillingErrors(form, error) },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={extra ? 'Editar cobro adicional' : 'Agregar cobro adicional'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Autocomplete
            label="Descripción"
            withAsterisk
            data={SUGGESTIONS}
            maxLength={BILLING_DESCRIPTION_MAX}
            data-autofocus
            {...form.getInputProps('description')}
          />
          <AgreedAmountFields
            currency={form.getInputProps('currency')}
            amount={form.getInputProps('amount')}
            documentType={form.getInputProps('documentType')}
          />
          <Radio.Group label="Se cobra" withAsterisk {...form.getInputProps('recurrence')}>
            <Group mt={6}>
              <Radio value="yearly" label="Cada año" />
              <Radio value="once" label="Una vez" />
            </Group>
          </Radio.Group>
          {form.values.recurrence === 'once' ? (
            <MonthPickerInput
              label="Mes del cobro"
              withAsterisk
              valueFormat={MONTH_FORMAT}
              {...form.getInputProps('month')}
            />
          ) : (
            <NativeSelect
              label="Mes del año"
              withAsterisk
              data={Array.from({ length: 12 }, (_, index) => ({
                value: String(index + 1),
                label: monthName(index + 1),
              }))}
              {...form.getInputProps('monthOfYear')}
            />
          )}
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
