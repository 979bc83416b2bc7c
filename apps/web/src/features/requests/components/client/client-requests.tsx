import { requestsMsg } from '@app/shared/messages-requests';
import { Accordion, Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useMyRequests } from '../../../../api/requests/get-my-requests';
import { ClientRequestCard } from './client-request-card';

/**
 * The client's 'Documentos pendientes', first on their home: each request not yet
 * complete (of any period, the server orders them by due date) with its items to answer; below,
 * collapsed, those completed in the last 60 days. Nothing at all when the firm never asked.
 */
export function ClientRequests() {
  const requests = useMyRequests();
  if (requests.isPending) return <Loader size="sm" role="status" aria-label="Cargando documentos pendientes" />;
  if (requests.isError) {
    return (
      <Alert color="red" title={requestsMsg.clientRequestsFailed}>
        {requests.error.message}
      </Alert>
    );
  }
  const rows = requests.data.rows;
  if (rows.length === 0) return null;
  const open = rows.filter((request) => request.state !== 'completa');
  const done = rows.filter((request) => request.state === 'completa');
  return (
    <Stack component="section" aria-labelledby="documentos-pendientes" gap="sm">
      <Title order={3} id="documentos-pendientes">
        {requestsMsg.clientPendingTitle}
      </Title>
      {open.length === 0 ? (
        <Text size="sm" c="dimmed">
          {requestsMsg.clientNoPending}
        </Text>
      ) : (
        open.map((request) => <ClientRequestCard key={request.id} request={request} />)
      )}
      {done.length > 0 && (
        <Accordion variant="contained">
          <Accordion.Item value="completadas">
            <Accordion.Control>{requestsMsg.clientCompletedTitle(done.length)}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {done.map((request) => (
                  <ClientRequestCard key={request.id} request={request} />
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </Stack>
  );
}
