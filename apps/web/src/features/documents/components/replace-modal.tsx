import { documentsMsg } from '@app/shared/messages-documents';
import type { StoredFile } from '@app/shared/schemas/documents';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useReplaceFile } from '../../../api/documents/replace-file';
import { FileDropzone } from '../../../components/file-dropzone';
import { formatFileSize } from '../../../lib/file-size';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * 'Reemplazar' a file: one new file takes the place of its bytes (same place, same links). The
 * server refuses a file the client approved, and its Spanish reason shows here and in a toast.
 */
export function ReplaceModal({ file, onClose }: { file: StoredFile | null; onClose: () => void }) {
  const replace = useReplaceFile();
  const [chosen, setChosen] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setChosen(null);
    setError(null);
    onClose();
  };

  const submit = () => {
    if (!file) return;
    if (!chosen) {
      setError(documentsMsg.noFiles);
      return;
    }
    replace.mutate(
      { id: file.id, file: chosen },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          close();
        },
        onError: (failure) => {
          setError(failure.message);
          notifyError(failure, documentsMsg.fileReplaceFailed);
        },
      },
    );
  };

  return (
    <Modal opened={file !== null} onClose={close} title={file ? documentsMsg.replaceTitle(file.name) : ''} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {documentsMsg.replaceHint}
        </Text>
        <FileDropzone
          what={file?.name}
          multiple={false}
          error={error}
          loading={replace.isPending}
          onFiles={([first]) => {
            setError(null);
            setChosen(first ?? null);
          }}
        />
        {chosen && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {chosen.name} ({formatFileSize(chosen.size)})
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={replace.isPending}>
            {documentsMsg.replaceButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
