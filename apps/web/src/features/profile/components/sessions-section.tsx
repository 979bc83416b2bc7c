import { sessionsMsg } from '@app/shared/messages-trust';
import type { SessionSummary } from '@app/shared/schemas/sessions';
import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEndOtherSessions, useEndSession, useSessions } from '../../../api/sessions/sessions';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** 'Hace 5 min' within the hour ('Ahora' within the minute), else 'DD-MM-YYYY HH:mm' (Santiago). */
export function lastUseText(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Ahora';
  if (minutes < 60) return `Hace ${minutes} min`;
  return formatDateTime(iso);
}

function askToEnd(title: string, question: string, confirm: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{question}</Text>,
    labels: { confirm, cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    cancelProps: { 'data-autofocus': true },
    onConfirm,
  });
}

function SessionRow({ session }: { session: SessionSummary }) {
  const end = useEndSession();
  const confirmEnd = () =>
    askToEnd(
      sessionsMsg.end,
      session.current
        ? `¿Cerrar esta sesión (${session.device})? Tendrás que volver a iniciar sesión.`
        : `¿Cerrar la sesión de ${session.device}? Ese dispositivo tendrá que volver a iniciar sesión.`,
      sessionsMsg.end,
      () =>
        end.mutate(session, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: (error) => notifyError(error),
        }),
    );
  return (
    <Paper component="li" withBorder p="sm" radius="sm" aria-label={session.device}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{session.device}</Text>
            {session.current && (
              <Badge color="teal.9" variant="outline">
                {sessionsMsg.current}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {sessionsMsg.from}: {session.ip ?? '—'}
          </Text>
          <Text size="sm" c="dimmed" title={formatDateTime(session.lastUsedAt)}>
            {sessionsMsg.lastUsed}: {lastUseText(session.lastUsedAt)}
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          color="red"
          onClick={confirmEnd}
          loading={end.isPending}
          aria-label={`${sessionsMsg.end}: ${session.device}${session.current ? ` (${sessionsMsg.current})` : ''}`}
        >
          {sessionsMsg.end}
        </Button>
      </Group>
    </Paper>
  );
}

/** 'Sesiones activas' in 'Mi perfil': the user's sessions, end one or all others. */
export function SessionsSection() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  if (sessions.isError) return <LoadError title="No se pudieron cargar las sesiones" query={sessions} />;
  if (!sessions.data) return <Loader size="sm" role="status" aria-label="Cargando" />;
  const others = sessions.data.filter((session) => !session.current).length;
  const confirmEndOthers = () =>
    askToEnd(
      sessionsMsg.endOthers,
      `¿Cerrar ${others === 1 ? 'la otra sesión' : `las otras ${others} sesiones`}? Esos dispositivos tendrán que volver a iniciar sesión.`,
      sessionsMsg.endOthers,
      () =>
        endOthers.mutate(undefined, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: (error) => notifyError(error),
        }),
    );
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={sessionsMsg.title}>
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </Stack>
      {others > 0 && (
        <Group>
          <Button variant="light" color="red" onClick={confirmEndOthers} loading={endOthers.isPending}>
            {sessionsMsg.endOthers}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
