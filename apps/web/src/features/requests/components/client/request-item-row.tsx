import { documentsMsg } from '@app/shared/messages-documents';
import { requestsMsg } from '@app/shared/messages-requests';
import { can } from '@app/shared/permissions';
import type { RequestItem, RequestItemLook } from '@app/shared/schemas/requests';
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useUploadItemFiles } from '../../../../api/requests/upload-item-files';
import { FileDropzone } from '../../../../components/file-dropzone';
import { notifySuccess } from '../../../../lib/notify';
import { useCurrentUser } from '../../../../lib/session';
import { SentFiles } from './sent-files';

/** The colour of an item's look: still to send, sent (awaiting the firm), received, asked again. */
const LOOK_COLORS: Record<RequestItemLook, string> = {
  pendiente: 'gray',
  enviado: 'blue',
  recibido: 'green',
  rechazado: 'orange',
};

/**
 * A document asked for: its name and look ('Pendiente', 'Enviado', 'Recibido', 'Pedido de nuevo'
 * with the firm's comment), what the client already sent (each deletable until the firm accepts
 * the item), and, until then, a drop zone that sends the chosen files at once.
 */
export function RequestItemRow({ item, businessId }: { item: RequestItem; businessId: number }) {
  const user = useCurrentUser();
  const upload = useUploadItemFiles();
  const [error, setError] = useState<string | null>(null);
  const received = item.status === 'received';
  const mayUpload = !received && can(user, 'documents:upload', { businessId, clientCanUpload: false, forItem: true });

  const send = (files: File[]) => {
    setError(null);
    upload.mutate(
      { itemId: item.id, files },
      {
        onSuccess: (result) => notifySuccess(result.message),
        onError: (failure) => setError(failure.message || documentsMsg.fileAddFailed),
      },
    );
  };

  return (
    <Paper component="li" withBorder p="sm" bg="gray.0" aria-label={item.name}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {requestsMsg.clientFolderOf(item.folder.name)}
            </Text>
          </div>
          <Badge color={LOOK_COLORS[item.look]} variant="light" style={{ flex: 'none' }}>
            {requestsMsg.itemLookLabels[item.look]}
          </Badge>
        </Group>
        {item.comment && item.look === 'rechazado' && (
          <Alert color="orange" p="xs" title={requestsMsg.clientStaffComment}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.comment}
            </Text>
          </Alert>
        )}
        <SentFiles files={item.files} businessId={businessId} received={received} />
        {mayUpload && <FileDropzone what={item.name} onFiles={send} loading={upload.isPending} error={error} />}
      </Stack>
    </Paper>
  );
}
