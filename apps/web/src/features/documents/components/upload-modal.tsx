import { documentsMsg } from '@app/shared/messages-documents';
import { ActionIcon, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useUploadFiles } from '../../../api/documents/upload-files';
import { FileDropzone } from '../../../components/file-dropzone';
import { formatFileSize } from '../../../lib/file-size';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * 'Subir Archivo' (PDF, XML, JPG, PNG, XLSX, CSV): drop
 * files on the area or choose them with its button, several at once, then 'Subir'. The server
 * checks each one's content; its answer shows in a toast: 'Se agregaron {n} archivos', or why
 * nothing was added.
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

  const close = () => {
    setFiles([]);
    setError(null);
    onClose();
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
        <FileDropzone
          what={folderName}
          error={error}
          onFiles={(chosen) => {
            setError(null);
            setFiles((current) => [...current, ...chosen]);
          }}
        />
        {files.length > 0 && (
          <List size="sm" spacing={2} aria-label={documentsMsg.chosenFiles}>
            {files.map((file, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name
              <List.Item key={`${file.name}-${index}`}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.name} ({formatFileSize(file.size)})
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="input-xs"
                    aria-label={documentsMsg.removeChosen(file.name)}
                    onClick={() => setFiles((current) => current.filter((_, at) => at !== index))}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
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
