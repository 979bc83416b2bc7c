import { requestsMsg } from '@app/shared/messages-requests';
import type { StoredFile } from '@app/shared/schemas/documents';
import { Badge, Text, Tooltip } from '@mantine/core';
import { contentTypeLook } from '../lib/content-type';
import { formatDateTime } from '../lib/dates';
import { formatFileSize } from '../lib/file-size';

/** A file's type as an icon (PDF, XML, JPG, PNG, Excel, CSV); the type's name is written beside it. */
export function FileTypeIcon({ file, size = 32 }: { file: StoredFile; size?: number }) {
  const { Icon, color } = contentTypeLook(file.contentType);
  return <Icon size={size} stroke={1.5} color={color} aria-hidden style={{ flex: 'none' }} />;
}

/** A file's type, size and date: 'PDF · 12,5 KB · 03-11-2026 10:41'. */
export const fileDetails = (file: StoredFile) =>
  `${contentTypeLook(file.contentType).label} · ${formatFileSize(file.size)} · ${formatDateTime(file.createdAt)}`;

/**
 * Why a file stays although the person who sent it had their data suppressed ('Conservado por
 * obligación tributaria…'); nothing for any other file.
 */
export function RetentionNote({ file }: { file: StoredFile }) {
  if (!file.retentionReason) return null;
  return (
    <Text size="xs" c="dimmed" fs="italic">
      {file.retentionReason}
    </Text>
  );
}

/** 'Cliente' on a file a client sent from the portal. */
export function FromClientBadge({ file }: { file: StoredFile }) {
  if (!file.fromClient) return null;
  return (
    <Tooltip label={requestsMsg.fromClientHint}>
      <Badge size="xs" variant="outline" color="blue" style={{ flex: 'none' }}>
        {requestsMsg.fromClient}
      </Badge>
    </Tooltip>
  );
}
