import { documentsMsg } from '@app/shared/messages-documents';
import { Button, FileInput, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconFileTypePdf } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { useUploadFiles } from '../../../api/documents/upload-files';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatFileSize } from '../utils/file-size';

/** A PDF by its type or name; the server checks the content too (DESIGN.md §4). */
const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * 'Subir Archivo' (spec 2 "Documentos", §5 Upload: only .pdf, several at once): drop PDFs on the
 * area or choose them with the labelled file input (the keyboard's way). The server's answer shows
 * in a toast: 'Se agregaron {n} archivos', or why nothing was added.
 */
export function UploadModal({
  businessFolderId,
  folderName,
  opened,
  onClose,
}: {
  businessFolderId: number;
  folderName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const upload = useUploadFiles();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (chosen: File[]) => {
    const pdfs = chosen.filter(isPdf);
    setError(pdfs.length < chosen.length ? documentsMsg.notPdf : null);
    setFiles(pdfs);
  };

  const close = () => {
    setFiles([]);
    setError(null);
    onClose();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose([...files, ...Array.from(event.dataTransfer.files)]);
  };

  const submit = () => {
    if (files.length === 0) {
      setError(documentsMsg.noFiles);
      return;
    }
    upload.mutate(
      { businessFolderId, files },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          close();
        },
        onError: (failure) => notifyError(failure, documentsMsg.fileAddFailed),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={`${documentsMsg.uploadButton} en ${folderName}`} size="lg">
      <Stack>
        <Paper
          withBorder
          p="lg"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{
            borderStyle: 'dashed',
            borderWidth: 2,
            borderColor: dragging ? 'var(--mantine-color-blue-6)' : undefined,
            backgroundColor: dragging ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          <Group justify="center" gap="sm" wrap="nowrap">
            <IconCloudUpload size={36} stroke={1.5} aria-hidden color="var(--mantine-color-blue-7)" />
            <Text size="sm">{documentsMsg.uploadDropHint}</Text>
          </Group>
        </Paper>
        <FileInput
          multiple
          clearable
          accept="application/pdf,.pdf"
          label={documentsMsg.uploadInputLabel}
          placeholder={documentsMsg.uploadInputPlaceholder}
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          value={files}
          onChange={choose}
          error={error}
          clearButtonProps={{ 'aria-label': 'Quitar archivos' }}
        />
        {files.length > 0 && (
          <List size="sm" spacing={2}>
            {files.map((file, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name
              <List.Item key={`${file.name}-${index}`} style={{ overflowWrap: 'anywhere' }}>
                {file.name} ({formatFileSize(file.size)})
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button leftSection={<IconCloudUpload size={16} aria-hidden />} loading={upload.isPending} onClick={submit}>
            {documentsMsg.uploadSubmit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
