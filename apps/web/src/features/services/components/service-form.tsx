import { type ServiceCreate, ServiceCreateSchema } from '@app/shared/schemas/services';
import { Checkbox, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { FormButtons } from '../../../components/form-buttons';
import { showServerErrors } from '../../../lib/form-errors';

/** The form keeps '' while a number field is empty, so the schema can say 'Campo requerido'. */
export interface ServiceFormValues {
  name: string;
  startMonthDay: number | string;
  lastMonthDay: number | string;
  order: number | string;
  /** '' while empty: the service has no due date. */
  dueDay: number | string;
  dueDayElectronic: number | string;
  /** 'Se corre al día hábil siguiente' of each due day. */
  dueDayShift: boolean;
  dueDayElectronicShift: boolean;
}

export const emptyServiceValues: ServiceFormValues = {
  name: '',
  startMonthDay: '',
  lastMonthDay: '',
  order: 0,
  dueDay: '',
  dueDayElectronic: '',
  dueDayShift: true,
  dueDayElectronicShift: true,
};

/**
 * The service form: name, Día inicio, Día termino and Orden, and the optional due days,
 * validated with the shared schema. Used by the create modal and by the service detail.
 */
export function ServiceForm({
  initialValues,
  onSubmit,
  submitting,
  onCancel,
  autoFocus = false,
}: {
  initialValues: ServiceFormValues;
  onSubmit: (values: ServiceCreate) => Promise<unknown>;
  submitting: boolean;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const form = useForm<ServiceFormValues>({
    initialValues,
    validate: schemaResolver(ServiceCreateSchema, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved service changes
  useEffect(() => {
    form.setValues(initialValues);
    form.resetDirty(initialValues);
  }, [initialValues]);

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(values as ServiceCreate);
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Nombre"
          withAsterisk
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput
            clampBehavior="none"
            label="Día inicio"
            withAsterisk
            min={1}
            max={31}
            {...form.getInputProps('startMonthDay')}
          />
          <NumberInput
            clampBehavior="none"
            label="Día termino"
            withAsterisk
            min={1}
            max={31}
            {...form.getInputProps('lastMonthDay')}
          />
          <NumberInput clampBehavior="none" label="Orden" withAsterisk min={0} {...form.getInputProps('order')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            clampBehavior="none"
            label="Día de vencimiento"
            description="Del mes siguiente al período; vacío si no vence"
            min={1}
            max={31}
            {...form.getInputProps('dueDay')}
          />
          <NumberInput
            clampBehavior="none"
            label="Día de vencimiento en línea"
            description="Para empresas que declaran y pagan en línea; vacío: el mismo día"
            min={1}
            max={31}
            {...form.getInputProps('dueDayElectronic')}
          />
          <Checkbox
            label="Se corre al día hábil siguiente"
            description="Si vence en sábado, domingo o festivo"
            {...form.getInputProps('dueDayShift', { type: 'checkbox' })}
          />
          <Checkbox
            label="Se corre al día hábil siguiente (en línea)"
            description="Previred en línea (día 13) no se corre"
            {...form.getInputProps('dueDayElectronicShift', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <FormButtons onCancel={onCancel} loading={submitting} />
      </Stack>
    </form>
  );
}
