import { secondFactorMsg, sessionsMsg } from '@app/shared/messages-trust';
import type { User } from '@app/shared/schemas/users';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { resetUserSecondFactor } from '../../../api/second-factor/second-factor';
import { useEndUserSessions } from '../../../api/sessions/sessions';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { sessionStore } from '../../../lib/session-store';

function confirmThen(title: string, question: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{question}</Text>,
    labels: { confirm: title, cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    cancelProps: { 'data-autofocus': true },
    onConfirm,
  });
}

/** A staff row's security actions for owners: reset the second factor, end every session. */
export function UserSecurityMenu({ user }: { user: User }) {
  const me = useCurrentUser();
  const endSessions = useEndUserSessions();
  const resetSecondFactor = useMutation({ mutationFn: resetUserSecondFactor });
  const name = `${user.name} ${user.lastName}`.trim();
  const isMe = user.id === me.id;

  const askEndSessions = () =>
    confirmThen(
      sessionsMsg.endAllForUser,
      isMe
        ? '¿Cerrar todas tus sesiones, también esta? Tendrás que volver a iniciar sesión.'
        : `¿Cerrar todas las sesiones de ${name}? Tendrá que volver a iniciar sesión en cada dispositivo.`,
      () =>
        endSessions.mutate(user.id, {
          onSuccess: ({ message }) => {
            notifySuccess(message);
            // This session ended too: sign out here at once.
            if (isMe) sessionStore.clear();
          },
          onError: (error) => notifyError(error),
        }),
    );
  const askReset = () =>
    confirmThen(
      secondFactorMsg.resetForUser,
      `¿Restablecer la verificación en dos pasos de ${name}? Deberá configurarla de nuevo.`,
      () =>
        resetSecondFactor.mutate(user.id, {
          onSuccess: () => notifySuccess(secondFactorMsg.resetDone),
          onError: (error) => notifyError(error),
        }),
    );

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Seguridad de ${name}`}>
          <IconShieldLock size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={askEndSessions}>{sessionsMsg.endAllForUser}</Menu.Item>
        {!isMe && <Menu.Item onClick={askReset}>{secondFactorMsg.resetForUser}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
