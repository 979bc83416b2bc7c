import { documentsMsg } from '@app/shared/messages-documents';
import { requestsMsg } from '@app/shared/messages-requests';
import { can } from '@app/shared/permissions';
import type { StoredFile } from '@app/shared/schemas/documents';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteFile } from '../../../../api/documents/delete-file';
import { openDeleteConfirm } from '../../../../components/confirm-delete';
import { FileTypeIcon } from '../../../../components/stored-file';
import { formatFileSize } from '../../../../lib/file-size';
import { notifyOutcome } from '../../../../lib/notify';
import { useCurrentUser } from '../../../../lib/session';

/**
 * The files sent against an item, each a download link; 'Eliminar' on those the client may still
 * take back ('file:delete': one they sent, before the firm accepts the item).
 */
export function SentFiles({
  files,
  businessId,
  received,
}: {
  files: StoredFile[];
  businessId: number;
  received: boolean;
}) {
  const user = useCurrentUser();
  const remove = useDeleteFile();
  if (files.length === 0) return null;

  const confirmDelete = (file: StoredFile) =>
    openDeleteConfirm({
      title: documentsMsg.deleteFileTitle,
      children: <Text size="sm">{requestsMsg.clientDeleteSentConfirm(file.name)}</Text>,
      onConfirm: () => remove.mutate(file.id, notifyOutcome),
    });

  return (
    <Stack gap={4}>
      <Text size="xs" fw={600} c="dimmed">
        {requestsMsg.clientSentFiles}
      </Text>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {files.map((file) => {
          const mayDelete = can(user, 'file:delete', {
            businessId,
            uploadedBy: file.uploadedBy,
            fromClient: file.fromClient,
            received,
          });
          return (
            <Group component="li" key={file.id} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <FileTypeIcon file={file} size={20} />
                <Anchor
                  href={file.url}
                  download={file.name}
                  size="sm"
                  // A finger's height even for a short name.
                  style={{ overflowWrap: 'anywhere', display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                  aria-label={`${documentsMsg.download} ${file.name}`}
                >
                  {file.name}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                  {formatFileSize(file.size)}
                </Text>
              </Group>
              {mayDelete && (
                <Button
                  variant="subtle"
                  color="red"
                  h={44}
                  px="xs"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={requestsMsg.clientDeleteSent(file.name)}
                  loading={remove.isPending && remove.variables === file.id}
                  onClick={() => confirmDelete(file)}
                  style={{ flex: 'none' }}
                >
                  Eliminar
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
