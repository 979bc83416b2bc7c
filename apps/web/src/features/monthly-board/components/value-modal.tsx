import { boardMsg } from '@app/shared/messages-board';
import { type BoardService, MonthlyStateUpdateSchema } from '@app/shared/schemas/monthly-states';
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormButtons } from '../../../components/form-buttons';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

export interface ValueTarget {
  businessId: number;
  businessName: string;
  service: BoardService;
  state: BoardService['states'][number];
  /** The cell's value now, offered again. */
  current: number | null;
}

/** The server's own rule for the value (integer, within range), so the modal says what the server would. */
function validateValue(value: number | string): string | null {
  if (typeof value !== 'number' || Number.isNaN(value)) return boardMsg.valueRequired;
  const checked = MonthlyStateUpdateSchema.shape.optionalValue.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? boardMsg.valueRequired);
}

/**
 * 'Valor' (spec 1 §4): a state with hasValue asks for the amount before it is saved; shown with a
 * $ prefix and dot thousands, whole pesos only.
 */
export function ValueModal({
  opened,
  target,
  onClose,
  onSave,
}: {
  opened: boolean;
  target: ValueTarget | null;
  onClose: () => void;
  onSave: (value: number) => void;
}) {
  const form = useForm<{ value: number | string }>({
    initialValues: { value: '' },
    validate: { value: validateValue },
  });
  useResetOnOpen(form, opened, { value: target?.current ?? '' }, [target]);

  const submit = form.onSubmit(({ value }) => {
    onSave(Math.trunc(Number(value)));
  });

  return (
    <Modal opened={opened} onClose={onClose} title={boardMsg.valueTitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {target && (
            <Text size="sm" c="dimmed">
              {`${target.businessName} · ${target.service.name}: ${target.state.name}`}
            </Text>
          )}
          <NumberInput
            label={boardMsg.valueTitle}
            withAsterisk
            data-autofocus
            prefix="$"
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
            inputMode="numeric"
            {...form.getInputProps('value')}
          />
          <FormButtons onCancel={onClose} loading={false} />
        </Stack>
      </form>
    </Modal>
  );
}
