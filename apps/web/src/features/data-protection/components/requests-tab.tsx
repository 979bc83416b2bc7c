import { extendedRightsDueDate } from '@app/shared/data-protection';
import { dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import type { RightsRequest } from '@app/shared/schemas/data-protection';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useExtendRightsRequest, useRightsRequests } from '../../../api/data-protection/requests';
import { ListTable } from '../../../components/list-table';
import { useEditModal } from '../../../components/use-edit-modal';
import { formatDate } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { RequestFormModal } from './request-form-modal';

/** Each state's dot (dark text on white: the light fills read under 4.5:1). */
const STATUS_COLORS = {
  received: 'gray',
  in_progress: 'blue',
  extended: 'orange',
  answered: 'green',
  rejected: 'dark',
} as const;

/** Where a request's term stands, in words: overdue ones say so in red. */
function termText(request: RightsRequest): { text: string; color?: string } {
  if (request.urgency === 'closed')
    return { text: request.answeredOn ? `Respondida el ${formatDate(request.answeredOn)}` : request.statusText };
  // Red and bold when past, bold when within the week (orange text on white reads under 4.5:1).
  if (request.daysLeft < 0) return { text: m.overdueBy(-request.daysLeft), color: 'red.9' };
  if (request.daysLeft === 0) return { text: m.dueToday, color: 'dark' };
  return { text: m.dueIn(request.daysLeft), color: request.urgency === 'soon' ? 'dark' : undefined };
}

/** 'Prorrogar' is offered while the request is open, not yet extended and within its first term. */
const mayExtend = (request: RightsRequest) =>
  request.urgency !== 'closed' && request.extendedAt === null && request.daysLeft >= 0;

/**
 * 'Solicitudes': the requests people made over their personal data (acceso, rectificación, supresión,
 * oposición, portabilidad, bloqueo), each with the law's last day to answer; overdue ones in red.
 */
export function RequestsTab() {
  const requests = useRightsRequests();
  const edit = useEditModal<RightsRequest>();
  const [extending, setExtending] = useState<RightsRequest | null>(null);
  const list = requests.data?.requests ?? [];
  const overdue = list.filter((request) => request.urgency === 'overdue').length;

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c={overdue > 0 ? 'red.9' : 'dimmed'} fw={overdue > 0 ? 600 : undefined}>
          {overdue > 0
            ? `${overdue === 1 ? '1 solicitud vencida' : `${overdue} solicitudes vencidas`} sin respuesta`
            : 'El plazo legal es de 30 días corridos desde la recepción, prorrogable una vez por 30 días más.'}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => edit.open(null)}>
          Registrar solicitud
        </Button>
      </Group>
      <ListTable
        records={list}
        query={requests}
        idAccessor="id"
        errorText="No se pudieron cargar las solicitudes"
        noRecordsText="No hay solicitudes registradas"
        rowStyle={(request) =>
          request.urgency === 'overdue' ? { backgroundColor: 'var(--mantine-color-red-0)' } : undefined
        }
        columns={[
          { accessor: 'receivedOn', title: 'Recibida', render: (request) => formatDate(request.receivedOn) },
          {
            accessor: 'requesterName',
            title: 'Persona',
            render: (request) => (
              <Stack gap={0}>
                <Text size="sm">{request.requesterName}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[request.requesterEmail, request.requesterRut].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'kindText', title: 'Derecho' },
          { accessor: 'channelText', title: 'Canal' },
          {
            accessor: 'dueOn',
            title: 'Plazo',
            render: (request) => {
              const term = termText(request);
              return (
                <Stack gap={0}>
                  <Text size="sm">{formatDate(request.dueOn)}</Text>
                  <Text size="xs" c={term.color ?? 'dimmed'} fw={term.color ? 600 : undefined}>
                    {term.text}
                  </Text>
                  {request.temporaryBlockDueOn && request.urgency !== 'closed' && (
                    <Text size="xs" c="dimmed">
                      Bloqueo temporal: {formatDate(request.temporaryBlockDueOn)}
                    </Text>
                  )}
                </Stack>
              );
            },
          },
          {
            accessor: 'status',
            title: 'Estado',
            render: (request) => (
              <Badge color={STATUS_COLORS[request.status]} variant="dot" radius="sm" miw="max-content">
                {request.statusText}
              </Badge>
            ),
          },
          { accessor: 'handledByName', title: 'Atendida por', render: (request) => request.handledByName ?? '—' },
        ]}
        actions={(request) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {mayExtend(request) && (
              <Tooltip label="Prorrogar el plazo">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Prorrogar ${request.kindText} de ${request.requesterName}`}
                  onClick={() => setExtending(request)}
                >
                  <IconCalendarPlus size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <ActionIcon
              variant="subtle"
              aria-label={`Editar ${request.kindText} de ${request.requesterName}`}
              onClick={() => edit.open(request)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Group>
        )}
      />
      <RequestFormModal
        opened={edit.opened}
        request={edit.editing}
        staff={requests.data?.staff ?? []}
        onClose={edit.close}
      />
      <ExtendModal request={extending} onClose={() => setExtending(null)} />
    </Stack>
  );
}

/** 'Prorrogar': the reason, and the new last day (thirty more calendar days), once. */
function ExtendModal({ request, onClose }: { request: RightsRequest | null; onClose: () => void }) {
  const extend = useExtendRightsRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = () => {
    if (!request) return;
    if (!reason.trim()) {
      setError(m.extensionReasonRequired);
      return;
    }
    extend.mutate(
      { id: request.id, reason: reason.trim() },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          close();
        },
        onError: (failure) => notifyError(failure),
      },
    );
  };
  return (
    <Modal opened={request !== null} onClose={close} title="Prorrogar el plazo">
      {request && (
        <Stack>
          <Text size="sm">
            {request.kindText} de <b>{request.requesterName}</b>: el plazo pasa del {formatDate(request.dueOn)} al{' '}
            <b>{formatDate(extendedRightsDueDate(request.firstDueOn))}</b> (30 días corridos más). La ley permite una
            sola prórroga; avise a la persona del nuevo plazo y su motivo.
          </Text>
          <Textarea
            label="Motivo de la prórroga"
            withAsterisk
            autosize
            minRows={2}
            maxLength={1000}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button loading={extend.isPending} onClick={submit}>
              Prorrogar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
