import { importMsg } from '@app/shared/messages-import';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DropzoneProps } from '@mantine/dropzone';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useConfirmBusinessImport,
  useDownloadImportTemplate,
  usePreviewBusinessImport,
} from '../../../../api/businesses/import-businesses';
import { FileDropzone, type FileDropzoneTexts } from '../../../../components/file-dropzone';
import { ApiRequestError } from '../../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { ImportPreviewView, renamesOf } from './import-preview';

/** An .xlsx or a .csv (Windows often types a .csv as an Excel file; its name decides). */
const IMPORT_ACCEPT: DropzoneProps['accept'] = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
};

const IMPORT_TEXTS: FileDropzoneTexts = {
  hint: importMsg.dropHint,
  choose: importMsg.chooseFile,
  accepted: importMsg.acceptedTypes,
  notAccepted: importMsg.typeNotAccepted,
};

/**
 * 'Importar empresas': the template to fill in, the spreadsheet to drop, then the
 * server's preview (nothing written yet). 'Importar' sends the same file once the preview has no
 * errors and every change of a company's name is confirmed on its own row (with those companies);
 * the server's 'Se crearon N empresas y se actualizaron M' closes it. If the firm changed
 * in between and the confirm finds errors, the preview is asked again and shows them.
 */
export function BusinessImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const template = useDownloadImportTemplate();
  const preview = usePreviewBusinessImport();
  const confirm = useConfirmBusinessImport();
  const [file, setFile] = useState<File | null>(null);
  // The companies whose change of name the user confirmed, row by row, for this file.
  const [confirmedRenames, setConfirmedRenames] = useState<ReadonlySet<number>>(new Set());
  const confirmRename = (businessId: number, confirmed: boolean) =>
    setConfirmedRenames((current) => {
      const next = new Set(current);
      if (confirmed) next.add(businessId);
      else next.delete(businessId);
      return next;
    });

  const close = () => {
    setFile(null);
    setConfirmedRenames(new Set());
    preview.reset();
    confirm.reset();
    onClose();
  };

  const check = (chosen: File) => {
    setFile(chosen);
    setConfirmedRenames(new Set());
    preview.mutate(chosen);
  };

  const result = preview.isPending ? undefined : preview.data;
  const pendingRenames = result
    ? renamesOf(result).filter((row) => !confirmedRenames.has(row.businessId ?? 0)).length
    : 0;
  const canImport =
    file !== null &&
    result !== undefined &&
    result.errors.length === 0 &&
    pendingRenames === 0 &&
    result.create.length + result.update.length > 0;

  const importFile = () => {
    if (!file || !canImport) return;
    confirm.mutate(
      { file, confirmedRenames: [...confirmedRenames] },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          close();
        },
        onError: (error) => {
          notifyError(error, importMsg.importFailed);
          // A 400 names the rows that went bad since the preview, a 409 the names that changed since: show them.
          if (error instanceof ApiRequestError && (error.status === 400 || error.status === 409)) preview.mutate(file);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={importMsg.modalTitle} size="xl">
      <Stack>
        <Text size="sm">{importMsg.intro}</Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={template.isPending}
            onClick={() =>
              template.mutate(undefined, { onError: (error) => notifyError(error, importMsg.templateFailed) })
            }
          >
            {importMsg.templateButton}
          </Button>
        </Group>
        <FileDropzone
          onFiles={([chosen]) => chosen && check(chosen)}
          accept={IMPORT_ACCEPT}
          multiple={false}
          texts={IMPORT_TEXTS}
          loading={preview.isPending || confirm.isPending}
          error={preview.error?.message ?? null}
        />
        {file && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {importMsg.chosenFile(file.name)}
          </Text>
        )}
        {preview.isPending && (
          <Text size="sm" role="status">
            {importMsg.checking}
          </Text>
        )}
        {result && (
          <ImportPreviewView
            key={preview.submittedAt}
            preview={result}
            confirmedRenames={confirmedRenames}
            onConfirmRename={confirmRename}
          />
        )}
        {result && result.errors.length === 0 && pendingRenames > 0 && (
          <Text size="sm" c="orange.9" ta="right" role="status">
            {importMsg.renamesPending(pendingRenames)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button
            leftSection={<IconFileImport size={16} aria-hidden />}
            disabled={!canImport}
            loading={confirm.isPending}
            onClick={importFile}
          >
            {importMsg.confirmButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
