import { boardMsg } from '@app/shared/messages-board';
import { formatMoneyInput, parseMoney } from '@app/shared/money';
import type { BoardService } from '@app/shared/schemas/monthly-states';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CellValueModal } from '../../../components/board/cell-value-modal';
import type { CellModalProps } from '../../../components/board/use-cell-target';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

export interface ValueTarget {
  businessId: number;
  businessName: string;
  service: BoardService;
  state: BoardService['states'][number];
  /** The cell's value now, offered again. */
  current: number | null;
}

/** The shared money parser: '1.234.567', '1234567', '$1.234.567', '1234567,89'; no state allows negatives. */
function validateValue(value: string): string | null {
  const parsed = parseMoney(value, { requiredMessage: boardMsg.valueRequired });
  return parsed.success ? null : parsed.error;
}

/**
 * 'Valor': a state with hasValue asks for the amount before it is saved; shown with a
 * $ prefix and dot thousands, whole pesos only.
 */
export function ValueModal({
  opened,
  target,
  onClose,
  onSave,
}: CellModalProps<ValueTarget> & { onSave: (value: number) => void }) {
  const form = useForm<{ value: string }>({
    initialValues: { value: '' },
    validate: { value: validateValue },
  });
  const current = target?.current;
  useResetOnOpen(form, opened, { value: current == null ? '' : formatMoneyInput(current) }, [target]);

  const submit = form.onSubmit(({ value }) => {
    const parsed = parseMoney(value);
    if (parsed.success) onSave(parsed.value);
  });

  return (
    <CellValueModal
      opened={opened}
      onClose={onClose}
      title={boardMsg.valueTitle}
      subtitle={target && `${target.businessName} · ${target.service.name}: ${target.state.name}`}
      onSubmit={submit}
    >
      <TextInput
        label={boardMsg.valueTitle}
        withAsterisk
        data-autofocus
        leftSection="$"
        inputMode="decimal"
        autoComplete="off"
        {...form.getInputProps('value')}
        onBlur={() => {
          // Shown back as the app writes money once it reads as an amount: '1234567,89' → '1.234.567'.
          const parsed = parseMoney(form.values.value);
          if (parsed.success) form.setFieldValue('value', formatMoneyInput(parsed.value));
        }}
      />
    </CellValueModal>
  );
}
