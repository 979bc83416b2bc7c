import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * Asks before a delete: the question in `children`, a red 'Eliminar' and 'Cancelar', which takes
 * the focus so that Enter on the keyboard never deletes by accident.
 */
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
    cancelProps: { 'data-autofocus': true },
    onConfirm,
  });
}

/** 'Eliminar Usuario' naming the user, for staff and company users alike. */
export function openUserDeleteConfirm(user: { name: string; lastName: string; email: string }, onConfirm: () => void) {
  return openDeleteConfirm({
    title: 'Eliminar Usuario',
    children: (
      <Text size="sm">
        ¿Seguro que quieres eliminar a{' '}
        <b>
          {user.name} {user.lastName}
        </b>{' '}
        ({user.email})? Esta acción no se puede deshacer.
      </Text>
    ),
    onConfirm,
  });
}
