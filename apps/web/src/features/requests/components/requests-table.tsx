import { requestsMsg } from '@app/shared/messages-requests';
import type { Period } from '@app/shared/period';
import type { RequestSummary } from '@app/shared/schemas/requests';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListTable, type ListTableQuery } from '../../../components/list-table';
import { formatDate } from '../../../lib/dates';
import { receivedOf } from '../utils/request-filters';
import { RequestStateBadge } from './request-badges';

/**
 * From Mantine's 'sm' breakpoint (48em) on, every column; on a phone the title and service go under
 * the company's name and 'N de M recibidos' under the state, so the table fits 390 px.
 */
const NOT_PHONE = '(min-width: 48em)';

/** 'N de M recibidos' and, when the client sent something unreviewed, 'N por revisar'. */
function Received({ row }: { row: RequestSummary }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {requestsMsg.receivedCount(receivedOf(row), row.itemCount)}
      </Text>
      {row.toReview > 0 && (
        <Badge color="orange" variant="dot">
          {requestsMsg.toReviewCount(row.toReview)}
        </Badge>
      )}
    </Group>
  );
}

/** The staff's documents page of a company on the period's month. */
export const businessDocumentsPath = (businessId: number, { year, month }: Period) =>
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
  rows: RequestSummary[];
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
          render: ({ business, title, service }) => (
            <Stack gap={0}>
              <Anchor component={Link} to={businessDocumentsPath(business.id, period)} size="sm" fw={500}>
                {business.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {business.rut}
              </Text>
              <Text size="sm" hiddenFrom="sm">
                {title} · {service?.name ?? requestsMsg.listNoService}
              </Text>
            </Stack>
          ),
        },
        { accessor: 'title', title: requestsMsg.listColumns.title, visibleMediaQuery: NOT_PHONE },
        {
          accessor: 'service',
          title: requestsMsg.listColumns.service,
          visibleMediaQuery: NOT_PHONE,
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
          // Wide enough for 'ATRASADA' whole: the table would otherwise squeeze the badge to an ellipsis.
          width: 136,
          noWrap: true,
          render: (row) => (
            <Stack gap={4} align="flex-start">
              <RequestStateBadge state={row.state} />
              <Stack hiddenFrom="sm" gap={4}>
                <Received row={row} />
              </Stack>
            </Stack>
          ),
        },
        {
          accessor: 'missing',
          title: requestsMsg.listColumns.received,
          visibleMediaQuery: NOT_PHONE,
          render: (row) => <Received row={row} />,
        },
      ]}
    />
  );
}
