import { documentsMsg } from '@app/shared/messages-documents';
import { requestsMsg } from '@app/shared/messages-requests';
import { currentPeriod, type Period } from '@app/shared/period';
import { can } from '@app/shared/permissions';
import type { StoredFile } from '@app/shared/schemas/documents';
import { Alert, Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useDeleteFile } from '../../../api/documents/delete-file';
import { useFolderView } from '../../../api/documents/get-folder-view';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { monthTitle } from '../../../components/period-picker';
import { notifyOutcome } from '../../../lib/notify';
import { clampPeriod, parsePeriod, samePeriod } from '../../../lib/period';
import { useDocumentsPeriod } from '../../../lib/period-params';
import { useCurrentUser } from '../../../lib/session';
import { ClientFolderUpload } from '../components/client-folder-upload';
import { DocumentsPeriodPicker } from '../components/documents-period-picker';
import { FileList } from '../components/file-list';
import { FolderGrid } from '../components/folder-grid';
import { FolderViewState } from '../components/folder-view-state';
import { clientFolderPath, clientHomePath } from '../utils/paths';
import { CLIENT_FIRST_PERIOD } from '../utils/period';

/**
 * A client's documents, always of their own company: on Home the documents the firm
 * asked for and still misses, to send from here (`requests`, from the requests feature), then the
 * company's active folders of the month (?anio=2026&mes=10); on
 * /carpeta/{folderId}/año/{year}/mes/{month} one folder with its subfolders, files and a breadcrumb to its parent. Changing the month inside a folder
 * goes to that month's address. Months from January 2018 to the current period.
 */
export function ClientDocumentsView({ requests }: { requests: ReactNode }) {
  const user = useCurrentUser();
  const params = useParams();
  if (user.businessId === null) {
    return <Alert color="gray">{documentsMsg.noBusiness}</Alert>;
  }
  if (params.folderId) {
    return <ClientFolder businessId={user.businessId} folderId={Number(params.folderId)} />;
  }
  return <ClientHome businessId={user.businessId} requests={requests} />;
}

/** Home: the pending requests, then the top folders, under the greeting the Home page already shows. */
function ClientHome({ businessId, requests }: { businessId: number; requests: ReactNode }) {
  const [period, setPeriod] = useDocumentsPeriod(CLIENT_FIRST_PERIOD);
  const view = useFolderView({ businessId, folderId: null, period });
  const businessName = view.data?.business.name ?? '…';
  return (
    <Stack gap="md">
      <nav aria-label="Ubicación en tus documentos">
        <Breadcrumbs separator="/">
          <Anchor component={Link} to="/" size="sm">
            Inicio
          </Anchor>
          <Text size="sm" c="dimmed">
            {businessName}
          </Text>
        </Breadcrumbs>
      </nav>
      {requests}
      <Title order={3}>{`${businessName} - ${monthTitle(period)}`}</Title>
      <Group>
        <DocumentsPeriodPicker period={period} first={CLIENT_FIRST_PERIOD} onChange={setPeriod} />
      </Group>
      {!view.data ? (
        <FolderViewState query={view} back={{ to: '/', label: 'Inicio' }} />
      ) : view.data.folders.length === 0 ? (
        <Text c="dimmed" size="sm">
          {documentsMsg.noFolders}
        </Text>
      ) : (
        <FolderGrid folders={view.data.folders} to={(tile) => clientFolderPath(tile.id, period)} />
      )}
    </Stack>
  );
}

/** One folder of the client's company, its month in the path. */
function ClientFolder({ businessId, folderId }: { businessId: number; folderId: number }) {
  const user = useCurrentUser();
  const remove = useDeleteFile();
  const ownUploads = {
    // What a client sent into the folder itself; files answering a request are taken back on Home.
    mayDelete: (file: StoredFile) =>
      file.requestItemId === null &&
      can(user, 'file:delete', {
        businessId,
        uploadedBy: file.uploadedBy,
        fromClient: file.fromClient,
        received: false,
      }),
    onDelete: (file: StoredFile) =>
      openDeleteConfirm({
        title: documentsMsg.deleteFileTitle,
        children: <Text size="sm">{requestsMsg.clientDeleteSentConfirm(file.name)}</Text>,
        onConfirm: () => remove.mutate(file.id, notifyOutcome),
      }),
  };
  const params = useParams();
  const navigate = useNavigate();
  const given = parsePeriod(params.year, params.month);
  const period: Period = clampPeriod(given ?? currentPeriod(), CLIENT_FIRST_PERIOD);
  const inRange = given !== null && samePeriod(given, period);
  const view = useFolderView({ businessId, folderId, period }, inRange);
  const top = useFolderView({ businessId, folderId: null, period }, inRange && view.isError);

  // A month outside January 2018 .. now goes to the nearest allowed one (no month: the current one).
  if (!inRange) return <Navigate to={clientFolderPath(folderId, period)} replace />;

  const data = view.data;
  const folder = data?.folder ?? null;
  const businessName = (data ?? top.data)?.business.name ?? '…';
  const crumbs: Crumb[] = [
    { label: 'Inicio', to: '/' },
    { label: businessName, to: clientHomePath(period) },
  ];
  if (folder?.parentFolder) {
    crumbs.push({ label: folder.parentFolder.name, to: clientFolderPath(folder.parentFolder.id, period) });
  }
  if (folder) crumbs.push({ label: folder.name });

  return (
    <>
      <PageHeader
        title={[businessName, monthTitle(period), ...(folder ? [folder.name] : [])].join(' - ')}
        crumbs={crumbs}
      />
      <Group mb="lg">
        <DocumentsPeriodPicker
          period={period}
          first={CLIENT_FIRST_PERIOD}
          onChange={(next) => navigate(clientFolderPath(folderId, next))}
        />
      </Group>
      {!data ? (
        <FolderViewState
          query={view}
          back={{ to: clientHomePath(period), label: documentsMsg.backToFolders }}
          missingHint={documentsMsg.folderMissingHint}
        />
      ) : (
        <Stack gap="xl">
          {data.folders.length > 0 && (
            <section aria-labelledby="subcarpetas">
              <Title order={3} id="subcarpetas" size="h4" mb="sm">
                {documentsMsg.subfoldersTitle}
              </Title>
              <FolderGrid folders={data.folders} to={(tile) => clientFolderPath(tile.id, period)} />
            </section>
          )}
          {data.folder && <ClientFolderUpload folder={data.folder} businessId={businessId} />}
          <section aria-labelledby="archivos">
            <Title order={3} id="archivos" size="h4" mb="sm">
              {documentsMsg.filesTitle}
            </Title>
            <FileList files={data.files} client={ownUploads} />
          </section>
        </Stack>
      )}
    </>
  );
}
