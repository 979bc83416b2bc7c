import { documentsMsg } from '@app/shared/messages-documents';
import type { StoredFile } from '@app/shared/schemas/documents';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconHistory, IconReplace, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FileTypeIcon, FromClientBadge, fileDetails, RetentionNote } from '../../../components/stored-file';
import { CopyLinkButton } from './copy-link-button';
import classes from './file-list.module.css';

/** What the staff may do with a file besides downloading and copying its link. */
export interface StaffFileActions {
  onDelete: (file: StoredFile) => void;
  onShowDownloads: (file: StoredFile) => void;
  /** 'Reemplazar': a new file in place of this one's bytes. */
  onReplace?: (file: StoredFile) => void;
  /** More for a row, handed in by the app (its approval state and 'Solicitar aprobación'). */
  extra?: (file: StoredFile) => ReactNode;
}

/**
 * A client's own uploads into a folder: 'Eliminar' where `mayDelete` allows it (files
 * answering a request are taken back from the request, on Home).
 */
export interface ClientFileActions {
  mayDelete: (file: StoredFile) => boolean;
  onDelete: (file: StoredFile) => void;
}

function DeleteFileButton({ file, onDelete }: { file: StoredFile; onDelete: (file: StoredFile) => void }) {
  return (
    <Tooltip label="Eliminar">
      <ActionIcon
        variant="light"
        color="red"
        size="input-sm"
        aria-label={`Eliminar ${file.name}`}
        onClick={() => onDelete(file)}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * A folder's files: an icon of its type, name, size and date, a
 * download link and a copy-link button; the staff also see who downloaded it, whether a client sent
 * it ('Cliente'), and can delete it. Rows stack on a phone, with full-width buttons.
 */
export function FileList({
  files,
  staff,
  client,
}: {
  files: StoredFile[];
  staff?: StaffFileActions;
  client?: ClientFileActions;
}) {
  if (files.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {documentsMsg.noFilesInFolder}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((file) => (
        <Paper component="li" key={file.id} withBorder p="sm" className={classes.row}>
          <div className={classes.info}>
            <FileTypeIcon file={file} />
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap" align="center">
                <Text fw={500} size="sm" className={classes.name}>
                  {file.name}
                </Text>
                {staff && <FromClientBadge file={file} />}
              </Group>
              <Text size="xs" c="dimmed">
                {fileDetails(file)}
              </Text>
              <RetentionNote file={file} />
            </div>
          </div>
          <div className={classes.actions}>
            <Button
              component="a"
              href={file.url}
              download={file.name}
              variant="light"
              className={classes.wide}
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={`${documentsMsg.download} ${file.name}`}
            >
              {documentsMsg.download}
            </Button>
            <CopyLinkButton url={file.shareUrl} fileName={file.name} className={classes.wide} />
            {staff && (
              <>
                <Tooltip label={documentsMsg.downloadsTitle}>
                  <ActionIcon
                    variant="default"
                    size="input-sm"
                    aria-label={`${documentsMsg.downloadsTitle} de ${file.name}`}
                    onClick={() => staff.onShowDownloads(file)}
                  >
                    <IconHistory size={18} />
                  </ActionIcon>
                </Tooltip>
                {staff.onReplace && (
                  <Tooltip label={documentsMsg.replaceButton}>
                    <ActionIcon
                      variant="default"
                      size="input-sm"
                      aria-label={`${documentsMsg.replaceButton} ${file.name}`}
                      onClick={() => staff.onReplace?.(file)}
                    >
                      <IconReplace size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <DeleteFileButton file={file} onDelete={staff.onDelete} />
              </>
            )}
            {client?.mayDelete(file) && <DeleteFileButton file={file} onDelete={client.onDelete} />}
          </div>
          {staff?.extra && <div className={classes.extra}>{staff.extra(file)}</div>}
        </Paper>
      ))}
    </Stack>
  );
}
