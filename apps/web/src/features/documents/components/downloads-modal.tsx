import { documentsMsg } from '@app/shared/messages-documents';
import type { StoredFile } from '@app/shared/schemas/documents';
import { Loader, Modal, Table, Text } from '@mantine/core';
import { useFileDownloads } from '../../../api/documents/get-file-downloads';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/dates';

function DownloadsTable({ file }: { file: StoredFile }) {
  const downloads = useFileDownloads(file.id);
  if (downloads.isPending) return <Loader size="sm" role="status" aria-label="Cargando" />;
  if (downloads.isError) {
    return <LoadError title={documentsMsg.downloadsFailed} query={downloads} />;
  }
  if (downloads.data.rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {documentsMsg.noDownloads}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{documentsMsg.downloadDate}</Table.Th>
            <Table.Th>{documentsMsg.downloadBy}</Table.Th>
            <Table.Th>{documentsMsg.downloadVia}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {downloads.data.rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
              <Table.Td>{row.by}</Table.Td>
              <Table.Td>{documentsMsg.downloadViaLabels[row.via]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'Descargas': who fetched a file and when (America/Santiago), so the firm knows the client has it. */
export function DownloadsModal({ file, onClose }: { file: StoredFile | null; onClose: () => void }) {
  return (
    <Modal opened={file !== null} onClose={onClose} title={documentsMsg.downloadsTitle} size="lg">
      {file && (
        <>
          <Text size="sm" fw={500} mb="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Text>
          <DownloadsTable file={file} />
        </>
      )}
    </Modal>
  );
}
