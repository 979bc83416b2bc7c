import { requestsMsg } from '@app/shared/messages-requests';
import type { Period } from '@app/shared/period';
import type { DocumentRequest } from '@app/shared/schemas/requests';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListTable, type ListTableQuery } from '../../../components/list-table';
import { formatDate } from '../../../lib/dates';
import { receivedOf } from '../utils/request-filters';
import { RequestStateBadge } from './request-state-badge';

/** The staff's documents page of a company on the period's month. */
export const companyDocumentsPath = (businessId: number, { year, month }: Period) =>
  `/documentos/empresa/${businessId}?anio=${year}&mes=${month}`;

/**
 * The requests of the period: the company (name, linking to its documents of the month, and RUT),
 * title, service, due date, state, 'N de M recibidos' and what waits for review.
 */
export function RequestsTable({
  rows,
  period,
  query,
  narrowed,
  search,
}: {
  rows: DocumentRequest[];
  period: Period;
  query: ListTableQuery;
  /**
   * The month has requests, none of them shown: the empty table says nothing matches the filters
   * (or the search) rather than that the month has none.
   */
  narrowed: boolean;
  search: string;
}) {
  return (
    <ListTable
      highlightOnHover
      query={query}
      errorText={requestsMsg.requestsLoadFailed}
      noRecordsText={narrowed ? requestsMsg.listNoMatches : requestsMsg.noRequests}
      search={narrowed ? search : undefined}
      records={rows}
      idAccessor="id"
      columns={[
        {
          accessor: 'business',
          title: requestsMsg.listColumns.company,
          render: ({ business }) => (
            <Stack gap={0}>
              <Anchor component={Link} to={companyDocumentsPath(business.id, period)} size="sm" fw={500}>
                {business.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {business.rut}
              </Text>
            </Stack>
          ),
        },
        { accessor: 'title', title: requestsMsg.listColumns.title },
        {
          accessor: 'service',
          title: requestsMsg.listColumns.service,
          render: ({ service }) => service?.name ?? requestsMsg.listNoService,
        },
        {
          accessor: 'dueDate',
          title: requestsMsg.listColumns.dueDate,
          noWrap: true,
          render: ({ dueDate }) => formatDate(dueDate),
        },
        {
          accessor: 'state',
          title: requestsMsg.listColumns.state,
          render: ({ state }) => <RequestStateBadge state={state} />,
        },
        {
          accessor: 'missing',
          title: requestsMsg.listColumns.received,
          render: (row) => (
            <Group gap={6} wrap="wrap">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {requestsMsg.receivedCount(receivedOf(row), row.items.length)}
              </Text>
              {row.toReview > 0 && (
                <Badge color="orange" variant="light">
                  {requestsMsg.toReviewCount(row.toReview)}
                </Badge>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
