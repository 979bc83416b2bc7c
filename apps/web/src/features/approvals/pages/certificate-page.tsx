import { certificateRows, certificateTitle } from '@app/shared/approval-certificate';
import { approvalsMsg, santiagoDateTime } from '@app/shared/messages-approvals';
import { isStaff } from '@app/shared/permissions';
import { Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { downloadApprovalCertificate, useApprovalCertificate } from '../../../api/approvals/approvals';
import { LoadError } from '../../../components/load-error';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { notifyError } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';

/**
 * 'Certificado de aprobación' (/aprobaciones/{id}/certificado): the same rows as its PDF (the
 * document, its SHA-256, who asked, who answered, when in Santiago, from which address and
 * browser, the answer and the comment), the firm's name, and 'Descargar PDF'.
 */
export function CertificatePage() {
  const id = Number(useParams().id);
  const user = useCurrentUser();
  const query = useApprovalCertificate(id);
  const [downloading, setDownloading] = useState(false);
  const data = query.data;
  const crumbs: Crumb[] = isStaff(user.role)
    ? [
        { label: 'Empresas', to: '/empresas' },
        { label: data?.approval.businessName ?? '…', to: data ? `/empresas/${data.approval.businessId}` : undefined },
        { label: data?.approval.title ?? '…', to: `/aprobaciones/${id}` },
      ]
    : [
        { label: 'Inicio', to: '/' },
        { label: data?.approval.title ?? '…', to: `/aprobaciones/${id}` },
      ];
  if (!data) {
    return (
      <>
        <PageHeader title={approvalsMsg.certificateTitle} crumbs={crumbs} />
        {query.isError ? (
          <LoadError
            title="No se pudo cargar el certificado"
            query={query}
            back={{ to: `/aprobaciones/${id}`, label: 'Volver a la solicitud' }}
          />
        ) : (
          <Text c="dimmed">Cargando…</Text>
        )}
      </>
    );
  }
  const { approval, firmName } = data;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadApprovalCertificate(approval.id);
    } catch (failure) {
      notifyError(failure, 'No se pudo descargar el certificado');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <PageHeader
        title={certificateTitle(approval)}
        crumbs={crumbs}
        actions={
          <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={download} loading={downloading}>
            Descargar PDF
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={820}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {firmName} · N° {approval.id} · {approval.statusText}
          </Text>
          <Table layout="fixed" verticalSpacing={6} aria-label={certificateTitle(approval)}>
            <Table.Tbody>
              {certificateRows(approval).map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row" w={{ base: 110, sm: 170 }} style={{ verticalAlign: 'top' }}>
                    {row.label}
                  </Table.Th>
                  <Table.Td
                    style={{
                      overflowWrap: 'anywhere',
                      fontFamily: row.mono ? 'var(--mantine-font-family-monospace)' : undefined,
                      fontSize: row.mono ? 'var(--mantine-font-size-sm)' : undefined,
                    }}
                    data-testid={row.mono ? 'certificado-sha256' : undefined}
                  >
                    {row.value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {approvalsMsg.legalNote}
          </Text>
          <Text size="xs" c="dimmed">
            Vista generada el {santiagoDateTime(new Date())}.
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
