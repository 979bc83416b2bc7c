import { requestsMsg } from '@app/shared/messages-requests';
import type { DocumentRequest, RequestItem } from '@app/shared/schemas/requests';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCalendarDue,
  IconCheck,
  IconFolder,
  IconMessageReport,
  IconTrash,
} from '@tabler/icons-react';
import { FileTypeIcon, FromClientBadge, fileDetails, RetentionNote } from '../../../../components/stored-file';
import { formatDate } from '../../../../lib/dates';
import { ItemLookBadge, RequestStateDot } from '../request-badges';

/** What staff can do to an item: 'Marcar recibido', 'Pedir de nuevo', 'Volver a pendiente'. */
export interface ItemActions {
  onReceived: (item: RequestItem) => void;
  onAskAgain: (item: RequestItem) => void;
  onReopen: (item: RequestItem) => void;
  /** The item whose review is being saved, if any. */
  busyItemId: number | null;
}

/** The files sent against an item: type, name (a download link), size, date, and 'Cliente'. */
function ItemFiles({ item }: { item: RequestItem }) {
  if (item.files.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {requestsMsg.noFilesSent}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Archivos de ${item.name}`}>
      {item.files.map((file) => (
        <Group component="li" key={file.id} gap={6} wrap="nowrap" align="center">
          <FileTypeIcon file={file} size={20} />
          <Stack gap={0} miw={0}>
            <Group gap={6} wrap="wrap">
              <Anchor href={file.url} download={file.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Anchor>
              <FromClientBadge file={file} />
            </Group>
            <Text size="xs" c="dimmed">
              {fileDetails(file)}
            </Text>
            <RetentionNote file={file} />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** One item of a request: its name and folder, its look, staff's comment, the files sent and the actions. */
function ItemRow({ item, actions }: { item: RequestItem; actions: ItemActions }) {
  const busy = actions.busyItemId === item.id;
  return (
    <Paper component="li" withBorder p="xs" radius="sm" aria-label={item.name}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
            <ItemLookBadge look={item.look} />
          </Group>
          <Text size="xs" c="dimmed">
            <IconFolder size={12} aria-hidden style={{ verticalAlign: 'middle' }} /> {item.folder.name}
          </Text>
          {item.status === 'rejected' && item.comment && (
            <Text
              size="xs"
              pl={6}
              style={{
                overflowWrap: 'anywhere',
                whiteSpace: 'pre-wrap',
                borderLeft: '3px solid var(--mantine-color-orange-6)',
              }}
            >
              {item.comment}
            </Text>
          )}
          <ItemFiles item={item} />
        </Stack>
        <Group gap="xs" wrap="wrap">
          {item.status === 'received' ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              loading={busy}
              aria-label={`${requestsMsg.reopen}: ${item.name}`}
              onClick={() => actions.onReopen(item)}
            >
              {requestsMsg.reopen}
            </Button>
          ) : (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCheck size={14} color="var(--mantine-color-green-8)" aria-hidden />}
                loading={busy}
                aria-label={`${requestsMsg.markReceived}: ${item.name}`}
                onClick={() => actions.onReceived(item)}
              >
                {requestsMsg.markReceived}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconMessageReport size={14} color="var(--mantine-color-orange-8)" aria-hidden />}
                disabled={busy}
                aria-label={`${requestsMsg.askAgain}: ${item.name}`}
                onClick={() => actions.onAskAgain(item)}
              >
                {requestsMsg.askAgain}
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * A request on a company's documents page: title, due date, state, 'N de M recibidos',
 * its items, and 'Eliminar solicitud'.
 */
export function RequestCard({
  request,
  actions,
  onDelete,
}: {
  request: DocumentRequest;
  actions: ItemActions;
  onDelete: () => void;
}) {
  const total = request.items.length;
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={request.title}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap" mb="xs">
        <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {request.title}
            </Text>
            <RequestStateDot state={request.state} />
          </Group>
          <Group gap="md" wrap="wrap">
            <Text size="sm" c={request.state === 'atrasada' ? 'red.8' : 'dimmed'}>
              <IconCalendarDue size={14} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
              {requestsMsg.dueOn(formatDate(request.dueDate))}
            </Text>
            <Text size="sm" c="dimmed">
              {requestsMsg.receivedCount(total - request.missing, total)}
            </Text>
            {request.toReview > 0 && (
              <Text size="sm" c="blue.8" fw={500}>
                {requestsMsg.toReviewCount(request.toReview)}
              </Text>
            )}
            {request.service && (
              <Text size="sm" c="dimmed">
                {request.service.name}
              </Text>
            )}
          </Group>
        </Stack>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={`${requestsMsg.deleteRequest}: ${request.title}`}
          onClick={onDelete}
        >
          {requestsMsg.deleteRequest}
        </Button>
      </Group>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {request.items.map((item) => (
          <ItemRow key={item.id} item={item} actions={actions} />
        ))}
      </Stack>
    </Paper>
  );
}
