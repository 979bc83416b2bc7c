import { requestsMsg } from '@app/shared/messages-requests';
import type { DocumentRequest } from '@app/shared/schemas/requests';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { monthTitle } from '../../../../components/period-picker';
import { formatDate } from '../../../../lib/dates';
import { RequestItemRow } from './request-item-row';

/**
 * One request to the client: its title, period and due date ('Atrasada' in red once the Santiago
 * day is past it and something is still missing), and the documents asked for.
 */
export function ClientRequestCard({ request }: { request: DocumentRequest }) {
  const overdue = request.state === 'atrasada';
  const headingId = `solicitud-${request.id}`;
  return (
    <Paper component="article" withBorder p={{ base: 'sm', sm: 'md' }} aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={4} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {request.title}
          </Title>
          <Group gap="xs" mt={4}>
            <Text size="sm" c="dimmed">
              {monthTitle(request)}
            </Text>
            <Text size="sm" c={overdue ? 'red.8' : 'dimmed'} fw={overdue ? 600 : undefined}>
              {requestsMsg.dueOn(formatDate(request.dueDate))}
            </Text>
            {overdue && (
              <Badge color="red" variant="filled">
                {requestsMsg.requestStateLabels.atrasada}
              </Badge>
            )}
          </Group>
        </div>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {request.items.map((item) => (
            <RequestItemRow key={item.id} item={item} businessId={request.business.id} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
