import { dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAcknowledgeNotice, useMyPrivacyNotice } from '../../../api/data-protection/privacy-notice';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { NoticeText } from './notice-text';

/**
 * The client portal behind the firm's privacy notice: until the client acknowledged the version in
 * force ('He leído el aviso'), the notice takes the place of every screen of the portal, at their
 * first sign-in and again when a new version is published. Staff never see it.
 */
export function PrivacyNoticeGate({ children }: { children: ReactNode }) {
  const notice = useMyPrivacyNotice();
  const acknowledge = useAcknowledgeNotice();
  if (notice.isLoading) return <Loader role="status" aria-label="Cargando" />;
  if (notice.isError) return <LoadError title="No se pudo cargar el aviso de privacidad" query={notice} />;
  const current = notice.data;
  if (!current?.mustAcknowledge || !current.notice) return <>{children}</>;
  const version = current.notice;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      maw={760}
      mx="auto"
      component="section"
      aria-labelledby="aviso-titulo"
    >
      <Stack>
        <Title order={1} size="h2" id="aviso-titulo">
          {m.noticeLink}
        </Title>
        <Text size="sm" c="dimmed">
          Versión {version.version}, publicada el {formatDateTime(version.publishedAt)}. Léalo antes de seguir en el
          portal.
        </Text>
        <NoticeText text={version.text} />
        <Button
          size="md"
          loading={acknowledge.isPending}
          onClick={() =>
            acknowledge.mutate(version.id, {
              onSuccess: ({ message }) => notifySuccess(message),
              onError: (error) => notifyError(error),
            })
          }
        >
          {m.acknowledgeButton}
        </Button>
      </Stack>
    </Paper>
  );
}
