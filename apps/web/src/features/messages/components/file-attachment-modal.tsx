import { messagesMsg } from '@app/shared/messages-messages';
import type { Message, MessageAttachment } from '@app/shared/schemas/messages';
import { Alert, Button, Group, Modal, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useFolderView } from '../../../api/documents/get-folder-view';
import { useFileAttachment } from '../../../api/messages/messages';
import { PeriodPicker } from '../../../components/period-picker';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { defaultFilingPeriod } from './filing-period';

/** 'Archivar en documentos': the period (the message's month by default) and one of the company's folders of it. */
export function FileAttachmentModal({
  businessId,
  message,
  attachment,
  onClose,
}: {
  businessId: number;
  message: Message;
  attachment: MessageAttachment;
  onClose: () => void;
}) {
  const [period, setPeriod] = useState(() => defaultFilingPeriod(message.createdAt));
  const [folderId, setFolderId] = useState<string | null>(null);
  const view = useFolderView({ businessId, folderId: null, period });
  const file = useFileAttachment();
  const folders = view.data?.folders ?? [];
  const options = folders.map((folder) => ({
    value: String(folder.id),
    label: folder.service.name ? `${folder.name} (${folder.service.name})` : folder.name,
  }));
  const chosen =
    folderId && options.some((option) => option.value === folderId) ? folderId : (options[0]?.value ?? null);
  const submit = () => {
    if (!chosen) return;
    file.mutate(
      { attachmentId: attachment.id, year: period.year, month: period.month, folderId: Number(chosen) },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          onClose();
        },
        onError: (error) => notifyError(error),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Archivar en documentos">
      <Text size="sm" mb="sm">
        Se guarda una copia de «{attachment.name}» en los documentos de la empresa.
      </Text>
      <PeriodPicker label="Período" period={period} onChange={setPeriod} />
      {view.isSuccess && options.length === 0 ? (
        <Alert color="yellow" mb="md">
          {messagesMsg.folderNotFound}: la empresa no tiene carpetas en ese período.
        </Alert>
      ) : (
        <Select
          mb="md"
          label="Carpeta"
          data={options}
          value={chosen}
          onChange={setFolderId}
          disabled={!view.isSuccess}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={submit} loading={file.isPending} disabled={!chosen}>
          Archivar
        </Button>
      </Group>
    </Modal>
  );
}
