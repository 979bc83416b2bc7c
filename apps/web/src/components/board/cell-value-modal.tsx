import { Modal, Stack, Text } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormButtons } from '../form-buttons';

/**
 * A board cell's 'Valor' modal (both boards): which cell it is about (`subtitle`, once there is a
 * target), the board's own fields, then 'Cancelar' and 'Guardar'.
 */
export function CellValueModal({
  opened,
  onClose,
  title,
  subtitle,
  onSubmit,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  subtitle: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {subtitle !== null && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
          {children}
          <FormButtons onCancel={onClose} loading={false} />
        </Stack>
      </form>
    </Modal>
  );
}
