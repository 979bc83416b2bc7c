import { documentsMsg } from '@app/shared/messages-documents';
import { can } from '@app/shared/permissions';
import type { FolderTile } from '@app/shared/schemas/documents';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useUploadFiles } from '../../../api/documents/upload-files';
import { FileDropzone } from '../../../components/file-dropzone';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';

/**
 * 'Subir archivos' in a folder whose template says 'El cliente puede subir': the chosen
 * files go at once into the company's folder of the shown month. Nothing in other folders.
 */
export function ClientFolderUpload({ folder, businessId }: { folder: FolderTile; businessId: number }) {
  const user = useCurrentUser();
  const upload = useUploadFiles();
  const [error, setError] = useState<string | null>(null);
  if (!can(user, 'documents:upload', { businessId, clientCanUpload: folder.clientCanUpload, forItem: false })) {
    return null;
  }

  const send = (files: File[]) => {
    setError(null);
    upload.mutate(
      { businessFolderId: folder.businessFolderId, files },
      {
        onSuccess: (result) => notifySuccess(result.message),
        onError: (failure) => setError(failure.message || documentsMsg.fileAddFailed),
      },
    );
  };

  return (
    <Stack component="section" aria-labelledby="subir-archivos" gap="xs">
      <Title order={3} id="subir-archivos" size="h4">
        {documentsMsg.clientUploadTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {documentsMsg.clientUploadHint}
      </Text>
      <FileDropzone what={folder.name} onFiles={send} loading={upload.isPending} error={error} />
    </Stack>
  );
}
