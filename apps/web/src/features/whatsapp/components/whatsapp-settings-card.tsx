import { whatsappMsg } from '@app/shared/messages-whatsapp';
import { can } from '@app/shared/permissions';
import {
  formatChileanMobile,
  WHATSAPP_KINDS,
  type WhatsAppOutboxRow,
  type WhatsAppStatus,
} from '@app/shared/schemas/whatsapp';
import { Alert, Badge, Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRetryWhatsApp, useWhatsAppStatus } from '../../../api/whatsapp/whatsapp';
import { LoadError } from '../../../components/load-error';
import { WarningAlert } from '../../../components/warning-alert';
import { formatDateTime } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';

const STATUS_COLORS: Record<WhatsAppStatus, string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'green',
  retrying: 'yellow',
  failed: 'red',
};

/** The state's whole name, never cut to '…' in a narrow column. */
const WHOLE_BADGE = { root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** What a row's detail says: why it failed or waits, or when it is tried next. */
function detailOf(row: WhatsAppOutboxRow): string {
  if (row.status === 'sent' && row.sentAt) return `Aceptado el ${formatDateTime(row.sentAt)}`;
  const next = row.nextAttemptAt ? `Próximo intento: ${formatDateTime(row.nextAttemptAt)}` : '';
  return [row.reason, next].filter(Boolean).join('. ');
}

/**
 * 'WhatsApp' in Cobranza → Configuración (owners): whether the server has WhatsApp configured
 * (never its token), the template of each notice, whether WhatsApp refused the token, and the
 * newest sends with their state and reason, a failed one with 'Reintentar'.
 */
export function WhatsAppSettingsCard() {
  const user = useCurrentUser();
  if (!can(user, 'whatsapp:manage')) return null;
  return <ChannelCard />;
}

function ChannelCard() {
  const status = useWhatsAppStatus();
  const retry = useRetryWhatsApp();
  if (status.isError) return <LoadError title="No se pudo cargar el estado de WhatsApp" query={status} />;
  const channel = status.data;

  return (
    <Card withBorder component="section" aria-labelledby="whatsapp-canal">
      <Stack>
        <div>
          <Title order={2} size="h4" id="whatsapp-canal">
            WhatsApp
          </Title>
          <Text size="sm" c="dimmed">
            Avisos a las empresas que lo aceptaron (se registra en la página de cada empresa).
          </Text>
        </div>
        {channel && !channel.configured && (
          <WarningAlert title="WhatsApp no está configurado">
            El servidor no tiene WHATSAPP_PHONE_NUMBER_ID ni WHATSAPP_TOKEN: no se pone en cola ni se envía ningún aviso
            por WhatsApp.
          </WarningAlert>
        )}
        {channel?.attention && (
          <Alert color="red" title="WhatsApp rechazó el token">
            {`${channel.attention.reason}. Desde el ${formatDateTime(channel.attention.since)}; los avisos esperan hasta que se configure un token nuevo en el servidor.`}
          </Alert>
        )}
        {channel?.configured && (
          <Text size="sm">{`Configurado: número de WhatsApp ${channel.phoneNumberId}, Graph API ${channel.apiVersion}.`}</Text>
        )}
        {channel && (
          <Table withTableBorder striped fz="sm" aria-label="Plantillas de WhatsApp">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Aviso</Table.Th>
                <Table.Th>Plantilla ({channel.language})</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {WHATSAPP_KINDS.map((kind) => (
                <Table.Tr key={kind}>
                  <Table.Td>{whatsappMsg.kindLabels[kind]}</Table.Td>
                  <Table.Td>
                    <code>{channel.templates[kind]}</code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <div>
          <Title order={3} size="h5" mb={4}>
            Últimos envíos
          </Title>
          <Text size="xs" c="dimmed" mb="xs">
            'Aceptado por WhatsApp' significa que WhatsApp recibió el aviso, no que la empresa lo haya leído.
          </Text>
          {/* Focusable, so that a keyboard can scroll it sideways on a phone. */}
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Últimos envíos">
            <Table withTableBorder fz="sm" miw={640} aria-label="Últimos envíos por WhatsApp">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Empresa</Table.Th>
                  <Table.Th>Aviso</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Detalle</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channel?.outbox.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text size="sm" c="dimmed">
                        Aún no hay avisos por WhatsApp.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {channel?.outbox.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</Table.Td>
                    <Table.Td>
                      {row.business?.name ?? 'Empresa eliminada'}
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatChileanMobile(row.phone)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{whatsappMsg.kindLabels[row.kind]}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[row.status]} variant="light" styles={WHOLE_BADGE}>
                        {whatsappMsg.statusLabels[row.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{detailOf(row)}</Table.Td>
                    <Table.Td>
                      {row.status === 'failed' && (
                        <Group justify="flex-end">
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconRefresh size={14} aria-hidden />}
                            loading={retry.isPending && retry.variables === row.id}
                            aria-label={`Reintentar el aviso a ${row.business?.name ?? formatChileanMobile(row.phone)}`}
                            onClick={() =>
                              retry.mutate(row.id, {
                                onSuccess: (result) => notifySuccess(result.message),
                                onError: (error) => notifyError(error),
                              })
                            }
                          >
                            Reintentar
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </div>
      </Stack>
    </Card>
  );
}
