import { dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import { PRIVACY_NOTICE_MAX } from '@app/shared/schemas/data-protection';
import { Alert, Anchor, Button, Card, Group, Loader, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  useNoticeAcknowledgements,
  useNoticeAdmin,
  usePublishNotice,
} from '../../../api/data-protection/privacy-notice';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ScrollTable } from './scroll-table';

/**
 * 'Aviso de privacidad': the firm's notice, edited as plain text (paragraphs separated by a blank
 * line) and published as a new version; every client is shown the new version at their next visit
 * and acknowledges it. The versions list who acknowledged each.
 */
export function NoticeTab() {
  const notice = useNoticeAdmin();
  const publish = usePublishNotice();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [readersOf, setReadersOf] = useState<{ id: number; version: number } | null>(null);
  const loaded = notice.data;
  // The editor starts from the version in force, or from the starting text while none is published.
  useEffect(() => {
    if (loaded) setText(loaded.current?.text ?? loaded.template);
  }, [loaded]);

  if (notice.isLoading) return <Loader role="status" aria-label="Cargando" />;
  if (notice.isError || !loaded) return <LoadError title="No se pudo cargar el aviso de privacidad" query={notice} />;
  const unchanged = loaded.current !== null && text.trim() === loaded.current.text;

  const submit = () => {
    if (!text.trim()) {
      setError(m.noticeTextRequired);
      return;
    }
    setError(undefined);
    setConfirming(true);
  };
  const confirm = () =>
    publish.mutate(
      { text },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          setConfirming(false);
        },
        onError: (failure) => {
          setConfirming(false);
          notifyError(failure);
        },
      },
    );

  return (
    <Stack>
      {loaded.current ? (
        <Text size="sm">
          Vigente: <b>versión {loaded.current.version}</b>, publicada el {formatDateTime(loaded.current.publishedAt)}{' '}
          por {loaded.current.publishedBy}. La leyeron {loaded.clientsAcknowledged} de {loaded.clientUsers}{' '}
          {loaded.clientUsers === 1 ? 'usuario cliente' : 'usuarios clientes'}.
        </Text>
      ) : (
        <Alert color="yellow" title="Aún no hay un aviso publicado">
          Revise el texto de partida, complételo con los datos del estudio y publíquelo: cada cliente lo verá al
          ingresar al portal y deberá confirmar que lo leyó.
        </Alert>
      )}
      <Textarea
        label="Texto del aviso"
        description="Texto simple: deje una línea en blanco entre párrafos."
        autosize
        minRows={12}
        maxRows={30}
        maxLength={PRIVACY_NOTICE_MAX}
        value={text}
        error={error}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        {loaded.current && (
          <Button variant="default" onClick={() => setText(loaded.template)}>
            Volver al texto de partida
          </Button>
        )}
        <Button onClick={submit} disabled={unchanged}>
          Publicar nueva versión
        </Button>
      </Group>
      {loaded.versions.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Versiones
          </Title>
          <ScrollTable label="Versiones del aviso" minWidth={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Versión</Table.Th>
                <Table.Th>Publicada</Table.Th>
                <Table.Th>Por</Table.Th>
                <Table.Th>Lecturas</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaded.versions.map((version) => (
                <Table.Tr key={version.id}>
                  <Table.Td>{version.version}</Table.Td>
                  <Table.Td>{formatDateTime(version.publishedAt)}</Table.Td>
                  <Table.Td>{version.publishedBy}</Table.Td>
                  <Table.Td>
                    {version.acknowledgements > 0 ? (
                      <Anchor component="button" type="button" size="sm" onClick={() => setReadersOf(version)}>
                        {version.acknowledgements}
                      </Anchor>
                    ) : (
                      0
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </Card>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Publicar nueva versión">
        <Stack>
          <Text size="sm">
            Se publicará la versión {(loaded.versions[0]?.version ?? 0) + 1}. Cada cliente la verá al ingresar al portal
            y deberá confirmar que la leyó antes de seguir.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button loading={publish.isPending} onClick={confirm}>
              Publicar
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ReadersModal version={readersOf} onClose={() => setReadersOf(null)} />
    </Stack>
  );
}

/** Who acknowledged a version, when and from where. */
function ReadersModal({ version, onClose }: { version: { id: number; version: number } | null; onClose: () => void }) {
  const readers = useNoticeAcknowledgements(version?.id ?? null);
  return (
    <Modal
      opened={version !== null}
      onClose={onClose}
      title={`Lecturas de la versión ${version?.version ?? ''}`}
      size="lg"
    >
      {readers.isLoading ? (
        <Loader role="status" aria-label="Cargando" />
      ) : (
        <ScrollTable label="Lecturas" minWidth={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Usuario</Table.Th>
              <Table.Th>Leído</Table.Th>
              <Table.Th>Dirección IP</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(readers.data ?? []).map((reader) => (
              <Table.Tr key={`${reader.userEmail}-${reader.acknowledgedAt}`}>
                <Table.Td>
                  {reader.userName}
                  <Text size="xs" c="dimmed">
                    {reader.userEmail}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTime(reader.acknowledgedAt)}</Table.Td>
                <Table.Td>{reader.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Modal>
  );
}
