import { boardMsg } from '@app/shared/messages-board';
import { formatMoneyInput, parseMoney } from '@app/shared/money';
import type { BoardService } from '@app/shared/schemas/monthly-states';
import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

/** What the bar applies to every selected company: one service's state, and its value when it has one. */
export interface BulkChoice {
  serviceId: number;
  stateId: number;
  optionalValue: number | null;
}

interface BulkValues {
  serviceId: string | null;
  stateId: string | null;
  value: string;
}

/** The chosen state of the chosen service, if any. */
function chosenState(services: readonly BoardService[], values: BulkValues) {
  const service = services.find((candidate) => String(candidate.id) === values.serviceId);
  return service?.states.find((state) => String(state.id) === values.stateId);
}

/**
 * The monthly board's bulk change, shown while companies are selected: how many, the
 * service, that service's state, the value once when the state has one (read as the single
 * change's 'Valor' reads money), 'Aplicar' and 'Cancelar'.
 */
export function BulkBar({
  count,
  services,
  pending,
  onApply,
  onCancel,
}: {
  count: number;
  services: readonly BoardService[];
  pending: boolean;
  onApply: (choice: BulkChoice) => void;
  onCancel: () => void;
}) {
  const form = useForm<BulkValues>({
    initialValues: { serviceId: null, stateId: null, value: '' },
    validate: {
      serviceId: (value) => (value ? null : boardMsg.required),
      stateId: (value) => (value ? null : boardMsg.required),
      value: (value, values) => {
        if (!chosenState(services, values)?.hasValue) return null;
        const parsed = parseMoney(value, { requiredMessage: boardMsg.valueRequired });
        return parsed.success ? null : parsed.error;
      },
    },
  });
  const service = services.find((candidate) => String(candidate.id) === form.values.serviceId);
  const state = chosenState(services, form.values);

  const submit = form.onSubmit((values) => {
    const chosen = chosenState(services, values);
    if (!chosen) return;
    const parsed = chosen.hasValue ? parseMoney(values.value) : null;
    if (parsed && !parsed.success) return;
    onApply({ serviceId: Number(values.serviceId), stateId: chosen.id, optionalValue: parsed ? parsed.value : null });
  });

  return (
    <Paper withBorder p="xs" component="form" onSubmit={submit} noValidate aria-label={boardMsg.bulkRegion}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Text size="sm" fw={600} role="status" style={{ alignSelf: 'center' }}>
          {boardMsg.selectedCount(count)}
        </Text>
        <Select
          label={boardMsg.bulkService}
          data={services.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
          searchable
          w={{ base: '100%', xs: 180 }}
          {...form.getInputProps('serviceId')}
          onChange={(value) => {
            form.setFieldValue('serviceId', value);
            form.setFieldValue('stateId', null);
            form.setFieldValue('value', '');
          }}
        />
        <Select
          label={boardMsg.bulkState}
          data={(service?.states ?? []).map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
          disabled={!service}
          w={{ base: '100%', xs: 180 }}
          {...form.getInputProps('stateId')}
        />
        {state?.hasValue && (
          <TextInput
            label={boardMsg.valueTitle}
            withAsterisk
            leftSection="$"
            inputMode="decimal"
            autoComplete="off"
            w={{ base: '100%', xs: 160 }}
            {...form.getInputProps('value')}
            onBlur={() => {
              const parsed = parseMoney(form.values.value);
              if (parsed.success) form.setFieldValue('value', formatMoneyInput(parsed.value));
            }}
          />
        )}
        <Group gap="xs" wrap="nowrap">
          <Button type="submit" loading={pending}>
            {boardMsg.bulkApply}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {boardMsg.cancel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
