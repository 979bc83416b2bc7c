import { APPROVAL_MAIL_LABELS, approvalsMsg } from '@app/shared/messages-approvals';
import {
  APPROVAL_REMINDER_DAYS_DEFAULT,
  APPROVAL_REMINDER_DAYS_MAX,
  APPROVAL_TEXT_MAX,
  APPROVAL_TITLE_MAX,
} from '@app/shared/schemas/approvals';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useApprovalFileChoices, useRequestApproval } from '../../../api/approvals/approvals';
import { FileDropzone } from '../../../components/file-dropzone';
import { formatFileSize } from '../../../lib/file-size';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';

const PDF_ONLY = { 'application/pdf': ['.pdf'] };

/**
 * 'Solicitar aprobación': a title ('Balance 2025'), an optional message, how often to remind, and
 * the document: a file of the company's documents, or a PDF uploaded here. With `file`, the
 * document is that file (asked from its row in the documents screens).
 */
export function RequestApprovalModal({
  businessId,
  opened,
  onClose,
  file,
}: {
  businessId: number;
  opened: boolean;
  onClose: () => void;
  file?: { id: number; name: string };
}) {
  const [source, setSource] = useState<'file' | 'upload'>('file');
  const [fileId, setFileId] = useState<string | null>(null);
  const [pdf, setPdf] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [reminderDays, setReminderDays] = useState<number | string>(APPROVAL_REMINDER_DAYS_DEFAULT);
  const [errors, setErrors] = useState<{ title?: string; file?: string; reminderDays?: string }>({});
  const choices = useApprovalFileChoices(businessId, opened && !file && source === 'file');
  const request = useRequestApproval();

  const close = () => {
    setSource('file');
    setFileId(null);
    setPdf(null);
    setTitle('');
    setMessage('');
    setReminderDays(APPROVAL_REMINDER_DAYS_DEFAULT);
    setErrors({});
    onClose();
  };

  const submit = () => {
    const days = Number(reminderDays);
    const chosenFile = file?.id ?? (fileId ? Number(fileId) : null);
    const found = {
      title: title.trim() ? undefined : approvalsMsg.titleRequired,
      file: (source === 'file' || file ? chosenFile === null : pdf === null) ? approvalsMsg.fileRequired : undefined,
      reminderDays:
        Number.isInteger(days) && days >= 1 && days <= APPROVAL_REMINDER_DAYS_MAX
          ? undefined
          : approvalsMsg.reminderDaysInvalid,
    };
    setErrors(found);
    if (found.title || found.file || found.reminderDays) return;
    const fields = { title: title.trim(), message: message.trim(), reminderDays: days };
    const input =
      source === 'upload' && !file && pdf
        ? { businessId, kind: 'upload' as const, file: pdf, fields }
        : { businessId, kind: 'file' as const, body: { ...fields, fileId: chosenFile as number } };
    request.mutate(input, {
      onSuccess: (saved) => {
        if (saved.approval.requestMail === 'outbox') notifyWarning(saved.message, APPROVAL_MAIL_LABELS.outbox);
        else notifySuccess(saved.message);
        close();
      },
      onError: (failure) => notifyError(failure, approvalsMsg.requestTitle),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={approvalsMsg.requestTitle} size="lg">
      <Stack>
        <TextInput
          label="Título"
          placeholder="Balance 2025, Borrador F29 octubre 2026, Carta de compromiso…"
          required
          maxLength={APPROVAL_TITLE_MAX}
          value={title}
          error={errors.title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          data-autofocus
        />
        <Textarea
          label="Mensaje para el cliente (opcional)"
          autosize
          minRows={2}
          maxLength={APPROVAL_TEXT_MAX}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        {file ? (
          <Text size="sm">
            Documento: <b style={{ overflowWrap: 'anywhere' }}>{file.name}</b>
          </Text>
        ) : (
          <>
            <SegmentedControl
              aria-label="Documento a aprobar"
              value={source}
              onChange={(value) => setSource(value as 'file' | 'upload')}
              data={[
                { value: 'file', label: 'Archivo de la empresa' },
                { value: 'upload', label: 'Subir un PDF' },
              ]}
            />
            {source === 'file' ? (
              <Select
                label="Archivo"
                placeholder={choices.isLoading ? 'Cargando…' : 'Elige un archivo'}
                searchable
                nothingFoundMessage="La empresa no tiene archivos con ese nombre"
                data={(choices.data ?? []).map((choice) => ({
                  value: String(choice.id),
                  label: `${choice.name} · ${choice.place} · ${formatFileSize(choice.size)}`,
                }))}
                value={fileId}
                onChange={setFileId}
                error={errors.file}
                comboboxProps={{ withinPortal: true }}
              />
            ) : (
              <Stack gap={4}>
                <FileDropzone
                  what="la aprobación"
                  accept={PDF_ONLY}
                  multiple={false}
                  error={errors.file ?? null}
                  texts={{
                    hint: 'Arrastra aquí el PDF o elígelo',
                    choose: 'Elegir PDF',
                    accepted: 'Solo PDF',
                    notAccepted: () => approvalsMsg.onlyPdf,
                  }}
                  onFiles={([first]) => setPdf(first ?? null)}
                />
                {pdf && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {pdf.name} ({formatFileSize(pdf.size)})
                  </Text>
                )}
              </Stack>
            )}
          </>
        )}
        {file && errors.file && (
          <Text size="sm" c="red.8" role="alert">
            {errors.file}
          </Text>
        )}
        <NumberInput
          label="Recordar al cliente cada (días)"
          description="Se le recuerda por correo hasta que responda"
          min={1}
          max={APPROVAL_REMINDER_DAYS_MAX}
          allowDecimal={false}
          value={reminderDays}
          onChange={setReminderDays}
          error={errors.reminderDays}
          w={{ base: '100%', sm: 260 }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={request.isPending}>
            {approvalsMsg.requestButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
