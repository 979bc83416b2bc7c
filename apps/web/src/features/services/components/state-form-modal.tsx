import { SERVICE_COLORS, type ServiceState, ServiceStateCreateSchema } from '@app/shared/schemas/services';
import {
  ColorSwatch,
  Group,
  Modal,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCreateServiceState } from '../../../api/services/create-service-state';
import { useUpdateServiceState } from '../../../api/services/update-service-state';
import { FormButtons } from '../../../components/form-buttons';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

interface StateFormValues {
  name: string;
  color: string;
  order: number | string;
  pctProgress: number | string;
  hasValue: boolean;
  showResume: boolean;
}

const emptyValues: StateFormValues = {
  name: '',
  color: '',
  order: '',
  pctProgress: '',
  hasValue: false,
  showResume: false,
};

/** Create and edit a service state, colour from the five of the palette. */
export function StateFormModal({
  serviceId,
  opened,
  state,
  nextOrder,
  onClose,
}: {
  serviceId: number;
  opened: boolean;
  state: ServiceState | null;
  nextOrder: number;
  onClose: () => void;
}) {
  const isEdit = state !== null;
  const create = useCreateServiceState();
  const update = useUpdateServiceState();
  const form = useForm<StateFormValues>({
    initialValues: emptyValues,
    validate: schemaResolver(ServiceStateCreateSchema, { sync: true }),
  });

  useResetOnOpen(
    form,
    opened,
    state
      ? {
          name: state.name,
          color: state.color,
          order: state.order,
          pctProgress: state.pctProgress,
          hasValue: state.hasValue,
          showResume: state.showResume,
        }
      : { ...emptyValues, order: nextOrder },
    [state],
  );

  const submit = form.onSubmit((values) => {
    const body = values as Parameters<typeof create.mutateAsync>[0];
    return submitAndNotify(
      form,
      () =>
        isEdit ? update.mutateAsync({ ...body, serviceId, id: state.id }) : create.mutateAsync({ ...body, serviceId }),
      { onSaved: onClose },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title={isEdit ? 'Editar estado' : 'Nuevo estado'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nombre" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Radio.Group label="Color" withAsterisk {...form.getInputProps('color')}>
            <Group gap="md" mt={6}>
              {SERVICE_COLORS.map((color) => (
                <Radio
                  key={color.hex}
                  value={color.hex}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <ColorSwatch color={color.hex} size={18} aria-hidden />
                      <Text size="sm">{color.name}</Text>
                    </Group>
                  }
                />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput clampBehavior="none" label="Orden" withAsterisk min={0} {...form.getInputProps('order')} />
            <NumberInput
              clampBehavior="none"
              label="% de progreso"
              withAsterisk
              min={0}
              max={100}
              suffix="%"
              {...form.getInputProps('pctProgress')}
            />
          </SimpleGrid>
          <Switch label="Pide un valor (monto)" {...form.getInputProps('hasValue', { type: 'checkbox' })} />
          <Switch label="Mostrar en el resumen" {...form.getInputProps('showResume', { type: 'checkbox' })} />
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
