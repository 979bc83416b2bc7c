import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/** Asks before a delete: the question in `children`, a red 'Eliminar' and 'Cancelar'. */
export function openDeleteConfirm({
  title,
  children,
  onConfirm,
}: {
  title: ReactNode;
  children: ReactNode;
  onConfirm: () => void;
}) {
  return modals.openConfirmModal({
    title,
    children,
    labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
