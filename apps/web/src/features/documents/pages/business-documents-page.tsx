import { documentsMsg } from '@app/shared/messages-documents';
import type { Period } from '@app/shared/period';
import type { FolderTile, StoredFile } from '@app/shared/schemas/documents';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { useParams } from 'react-router';
import { useDeleteFile } from '../../../api/documents/delete-file';
import { useFolderView } from '../../../api/documents/get-folder-view';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import type { Crumb } from '../../../components/page-header';
import { PageHeader } from '../../../components/page-header';
import { monthTitle } from '../../../components/period-picker';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { FIRST_PERIOD } from '../../../lib/period';
import { useDocumentsPeriod } from '../../../lib/period-params';
import { DocumentsPeriodPicker } from '../components/documents-period-picker';
import { DownloadsModal } from '../components/downloads-modal';
import { FileList } from '../components/file-list';
import { FolderGrid } from '../components/folder-grid';
import { FolderViewState } from '../components/folder-view-state';
import { NotifyClientButton } from '../components/notify-client-button';
import { ReplaceModal } from '../components/replace-modal';
import { UploadModal } from '../components/upload-modal';
import { staffFolderPath } from '../utils/paths';

/** What the requests of a company's period take: the app hands in the requests feature's section. */
export interface RequestsSectionProps {
  businessId: number;
  period: Period;
  folders: FolderTile[];
}

/** A file row's approval state and 'Solicitar aprobación': the app hands in the approvals feature's. */
export interface FileApprovalProps {
  businessId: number;
  file: StoredFile;
}

/**
 * A company's documents for the staff: /documentos/empresa/{businessId} shows
 * its top folders of the month, …/carpeta/{folderId} one folder with its subfolders and files,
 * upload, delete, copy-link, who downloaded each file, and 'Avisar al cliente'; above the top
 * folders, the period's document requests (`RequestsSection`, from the requests feature). The month
 * lives in the query string (?anio=2026&mes=10); changing it keeps the same folder.
 */
export function BusinessDocumentsPage({
  RequestsSection,
  FileApproval,
}: {
  RequestsSection: ComponentType<RequestsSectionProps>;
  FileApproval?: ComponentType<FileApprovalProps>;
}) {
  const params = useParams();
  const businessId = Number(params.businessId);
  const folderId = params.folderId ? Number(params.folderId) : null;
  const [period, setPeriod] = useDocumentsPeriod(FIRST_PERIOD);
  const view = useFolderView({ businessId, folderId, period });
  // A folder missing from the chosen month still names its company: the company's top view does.
  const top = useFolderView({ businessId, folderId: null, period }, folderId !== null && view.isError);
  const deleteFile = useDeleteFile();
  const [uploadOpened, setUploadOpened] = useState(false);
  const [downloadsOf, setDownloadsOf] = useState<StoredFile | null>(null);
  const [replacing, setReplacing] = useState<StoredFile | null>(null);

  const data = view.data;
  const folder = data?.folder ?? null;
  const businessName = (data ?? top.data)?.business.name ?? '…';
  const title = [businessName, monthTitle(period), ...(folder ? [folder.name] : [])].join(' - ');

  const crumbs: Crumb[] = [
    { label: 'Inicio', to: '/' },
    { label: documentsMsg.documentsTitle, to: '/documentos' },
    { label: businessName, to: folderId === null ? undefined : staffFolderPath(businessId, null, period) },
  ];
  if (folder?.parentFolder) {
    crumbs.push({ label: folder.parentFolder.name, to: staffFolderPath(businessId, folder.parentFolder.id, period) });
  }
  if (folder) crumbs.push({ label: folder.name });

  const confirmDelete = (file: StoredFile) =>
    openDeleteConfirm({
      title: documentsMsg.deleteFileTitle,
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          ¿Seguro que quieres eliminar el archivo <b>{file.name}</b>? El cliente ya no podrá descargarlo y sus enlaces
          dejarán de funcionar.
        </Text>
      ),
      onConfirm: () =>
        deleteFile.mutate(file.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: (error) => notifyError(error, documentsMsg.fileDeleteFailed),
        }),
    });

  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            {folder && (
              <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploadOpened(true)}>
                {documentsMsg.uploadButton}
              </Button>
            )}
            <NotifyClientButton businessId={businessId} period={period} />
          </Group>
        }
      />
      <Group mb="lg">
        <DocumentsPeriodPicker period={period} first={FIRST_PERIOD} onChange={setPeriod} />
      </Group>

      {!data ? (
        <FolderViewState
          query={view}
          back={
            folderId === null
              ? { to: '/documentos', label: documentsMsg.backToCompanies }
              : { to: staffFolderPath(businessId, null, period), label: documentsMsg.backToFolders }
          }
          missingHint={folderId === null ? undefined : documentsMsg.folderMissingHint}
        />
      ) : (
        <Stack gap="xl">
          {folder === null ? (
            <>
              <RequestsSection businessId={businessId} period={period} folders={data.folders} />
              <section aria-labelledby="carpetas">
                <Title order={3} id="carpetas" size="h4" mb="sm">
                  {documentsMsg.foldersTitle}
                </Title>
                {data.folders.some((tile) => tile.isActive) ? (
                  <FolderGrid folders={data.folders} to={(tile) => staffFolderPath(businessId, tile.id, period)} />
                ) : (
                  <Text c="dimmed" size="sm">
                    {documentsMsg.noFolders}
                  </Text>
                )}
              </section>
            </>
          ) : (
            <>
              {data.folders.some((tile) => tile.isActive) && (
                <section aria-labelledby="subcarpetas">
                  <Title order={3} id="subcarpetas" size="h4" mb="sm">
                    {documentsMsg.subfoldersTitle}
                  </Title>
                  <FolderGrid folders={data.folders} to={(tile) => staffFolderPath(businessId, tile.id, period)} />
                </section>
              )}
              <section aria-labelledby="archivos">
                <Title order={3} id="archivos" size="h4" mb="sm">
                  {documentsMsg.filesTitle}
                </Title>
                <FileList
                  files={data.files}
                  staff={{
                    onDelete: confirmDelete,
                    onShowDownloads: setDownloadsOf,
                    onReplace: setReplacing,
                    extra: FileApproval && ((file) => <FileApproval businessId={businessId} file={file} />),
                  }}
                />
              </section>
              <UploadModal
                businessFolderId={folder.businessFolderId}
                folderName={folder.name}
                opened={uploadOpened}
                onClose={() => setUploadOpened(false)}
              />
            </>
          )}
        </Stack>
      )}
      <DownloadsModal file={downloadsOf} onClose={() => setDownloadsOf(null)} />
      <ReplaceModal file={replacing} onClose={() => setReplacing(null)} />
    </>
  );
}
