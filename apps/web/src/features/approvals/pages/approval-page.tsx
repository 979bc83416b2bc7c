import { sizeText } from '@app/shared/approval-certificate';
import { approvalsMsg } from '@app/shared/messages-approvals';
import { can, isStaff } from '@app/shared/permissions';
import type { Approval } from '@app/shared/schemas/approvals';
import { APPROVAL_TEXT_MAX } from '@app/shared/schemas/approvals';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCertificate, IconFileDownload, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { downloadApprovalDocument, useAnswerApproval, useApproval } from '../../../api/approvals/approvals';
import { LoadError } from '../../../components/load-error';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { ApprovalComment, approvalLines, mailLine } from '../components/approval-details';
import { ApprovalStatusBadge } from '../components/approval-status-badge';

/** The client's answer: 'Apruebo' or 'Rechazo', the comment required to reject; big buttons for a thumb. */
function AnswerForm({ approval }: { approval: Approval }) {
  const answer = useAnswerApproval();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (choice: 'approve' | 'reject') => {
    if (choice === 'reject' && comment.trim() === '') {
      setError(approvalsMsg.commentRequired);
      return;
    }
    setError(null);
    answer.mutate(
      { id: approval.id, body: { answer: choice, comment: comment.trim() } },
      {
        onSuccess: (saved) => notifySuccess(saved.message),
        onError: (failure) => {
          setError(failure.message);
          notifyError(failure, 'No se pudo guardar tu respuesta');
        },
      },
    );
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Tu respuesta
        </Title>
        <Text size="sm">
          Al responder quedan registrados tu nombre, la fecha y hora, tu dirección IP y la huella del documento.
        </Text>
        <Textarea
          label="Comentario"
          description="Obligatorio si rechazas: di qué hay que corregir"
          autosize
          minRows={3}
          maxLength={APPROVAL_TEXT_MAX}
          value={comment}
          error={error ?? undefined}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button
            size="lg"
            color="teal.9"
            leftSection={<IconThumbUp size={20} aria-hidden />}
            loading={answer.isPending && answer.variables?.body.answer === 'approve'}
            disabled={answer.isPending}
            onClick={() => send('approve')}
          >
            Apruebo
          </Button>
          <Button
            size="lg"
            color="red.9"
            variant="outline"
            leftSection={<IconThumbDown size={20} aria-hidden />}
            loading={answer.isPending && answer.variables?.body.answer === 'reject'}
            disabled={answer.isPending}
            onClick={() => send('reject')}
          >
            Rechazo
          </Button>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * /aprobaciones/{id}: a request for approval, phone first. The client opens the document and
 * answers; once answered, the certificate. Staff see the same page with how the e-mails went.
 */
export function ApprovalPage() {
  const id = Number(useParams().id);
  const user = useCurrentUser();
  const query = useApproval(id);
  const [downloading, setDownloading] = useState(false);
  const staff = isStaff(user.role);
  const approval = query.data;
  const crumbs: Crumb[] = staff
    ? [
        { label: 'Empresas', to: '/empresas' },
        { label: approval?.businessName ?? '…', to: approval ? `/empresas/${approval.businessId}` : undefined },
        { label: approvalsMsg.sectionTitle },
      ]
    : [{ label: 'Inicio', to: '/' }, { label: approvalsMsg.sectionTitle }];

  if (!approval) {
    return (
      <>
        <PageHeader title={approvalsMsg.sectionTitle} crumbs={crumbs} />
        {query.isError ? (
          <LoadError
            title="No se pudo cargar la solicitud"
            query={query}
            back={staff ? { to: '/empresas', label: 'Volver a Empresas' } : { to: '/', label: 'Volver al inicio' }}
          />
        ) : (
          <Text c="dimmed">Cargando…</Text>
        )}
      </>
    );
  }

  const open = async () => {
    setDownloading(true);
    try {
      await downloadApprovalDocument(approval.id);
    } catch (failure) {
      notifyError(failure, 'No se pudo abrir el documento');
    } finally {
      setDownloading(false);
    }
  };
  const mayAnswer = approval.status === 'pending' && can(user, 'approval:answer', approval);
  const mails = staff ? mailLine(approval) : null;

  return (
    <>
      <PageHeader title={approval.title} crumbs={crumbs} actions={<ApprovalStatusBadge approval={approval} />} />
      <Stack gap="md" maw={720}>
        {approval.message && (
          <Alert color="blue" variant="light" title="Mensaje del estudio">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {approval.message}
            </Text>
          </Alert>
        )}
        <Paper withBorder p="md">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {approval.businessName}
            </Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {approval.document.name}
            </Text>
            <Text size="sm" c="dimmed">
              {sizeText(approval.document.size)}
            </Text>
            <Text size="xs" c="dimmed">
              Huella SHA-256 del documento solicitado:
            </Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }} aria-label="Huella SHA-256">
              {approval.document.sha256}
            </Code>
            {approval.document.available ? (
              <Button
                mt="xs"
                size="md"
                variant="light"
                leftSection={<IconFileDownload size={18} aria-hidden />}
                onClick={open}
                loading={downloading}
                w={{ base: '100%', xs: 'auto' }}
              >
                Abrir documento
              </Button>
            ) : (
              <Text size="sm" c="red.8">
                El documento fue eliminado.
              </Text>
            )}
          </Stack>
        </Paper>
        {approvalLines(approval).map((line) => (
          <Text key={line} size="sm" c="dimmed">
            {line}
          </Text>
        ))}
        <ApprovalComment approval={approval} />
        {mails && approval.status === 'pending' && (
          <Text size="sm" c="dimmed">
            {mails}
          </Text>
        )}
        {mayAnswer && <AnswerForm approval={approval} />}
        {approval.answer && (
          <Group>
            <Button
              component={Link}
              to={`/aprobaciones/${approval.id}/certificado`}
              leftSection={<IconCertificate size={18} aria-hidden />}
              w={{ base: '100%', xs: 'auto' }}
            >
              Ver certificado
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}
