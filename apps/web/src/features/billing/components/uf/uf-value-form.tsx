import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSetUfValue } from '../../../../api/billing/uf-values';
import { DateField } from '../../../../components/date-field';
import { today } from '../../../../lib/dates';
import { submitAndNotify } from '../../../../lib/submit-and-notify';
import { ufValueError } from '../../utils/amounts';
import { showBillingErrors } from '../../utils/server-errors';

/** 'Ingresar valor': one day's UF typed as published ('39.643,59'); the charges waiting for that day are converted. */
export function UfValueForm() {
  const save = useSetUfValue();
  const form = useForm<{ date: string | null; value: string }>({
    initialValues: { date: today(), value: '' },
    validate: {
      date: (value) => (value ? null : 'Indique la fecha'),
      value: ufValueError,
    },
  });
  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => save.mutateAsync({ date: values.date ?? '', value: values.value }), {
      onSaved: (result) => {
        form.setFieldValue('value', '');
        if (result.converted > 0) {
          // The toast says the value was saved; the charges it completed are counted beside it.
          form.setFieldError('value', null);
        }
      },
      onError: (error) => showBillingErrors(form, error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Ingresar valor de la UF">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <DateField label="Fecha" withAsterisk w={180} {...form.getInputProps('date')} />
        <TextInput
          label="Valor de la UF"
          placeholder="39.643,59"
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          leftSection="$"
          w={180}
          {...form.getInputProps('value')}
        />
        <Button type="submit" mt={25} loading={save.isPending}>
          Guardar valor
        </Button>
      </Group>
    </form>
  );
}
