import { ACTIVITY_ACTIONS, ACTIVITY_KINDS } from '@app/shared/activity';
import { activityMsg } from '@app/shared/messages-trust';
import type { ActivityEntry } from '@app/shared/schemas/activity';
import { Anchor, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { ListTable, type ListTableQuery } from '../list-table';
import { ActivityDetails } from './activity-details';

/** What the 'Registro' cell says: the kind's label and the record's name ('Empresa · Ferretería Sur'). */
export const recordText = (entry: ActivityEntry) =>
  [ACTIVITY_KINDS[entry.kind], entry.recordLabel].filter(Boolean).join(' · ');

const columns = (withBusiness: boolean): DataTableColumn<ActivityEntry>[] => [
  { accessor: 'at', title: 'Fecha', noWrap: true, render: (entry) => formatDateTime(entry.at) },
  {
    accessor: 'actorName',
    title: 'Usuario',
    render: (entry) =>
      entry.actorName ?? (
        <Text span size="sm" c="dimmed" fs="italic">
          {activityMsg.system}
        </Text>
      ),
  },
  { accessor: 'ip', title: 'Desde', noWrap: true, render: (entry) => entry.ip ?? '' },
  { accessor: 'action', title: 'Acción', render: (entry) => ACTIVITY_ACTIONS[entry.action] },
  { accessor: 'recordLabel', title: 'Registro', render: recordText },
  ...(withBusiness
    ? [
        {
          accessor: 'businessName',
          title: 'Empresa',
          render: (entry: ActivityEntry) =>
            entry.businessId ? (
              <Anchor component={Link} to={`/empresas/${entry.businessId}`} size="sm">
                {entry.businessName ?? `#${entry.businessId}`}
              </Anchor>
            ) : null,
        },
      ]
    : []),
  { accessor: 'details', title: 'Detalle', render: (entry) => <ActivityDetails entry={entry} /> },
];

/**
 * The activity entries as a table: Fecha (Santiago), Usuario ('Sistema' for the server's own),
 * Desde (the address), Acción, Registro, Empresa (a link; left out on a company's own page) and
 * Detalle. On a narrow screen it scrolls sideways inside its box, never the page.
 */
export function ActivityTable({
  entries,
  query,
  withBusiness = true,
}: {
  entries: ActivityEntry[];
  query?: ListTableQuery;
  withBusiness?: boolean;
}) {
  return (
    <ListTable
      query={query}
      records={entries}
      errorText={activityMsg.loadFailed}
      noRecordsText={activityMsg.empty}
      // A long 'Detalle' makes a row tall: its other cells read from its top.
      verticalAlign="top"
      // Every loaded entry shows: the log pages with 'Cargar más', not with a pager.
      pageSize={Number.MAX_SAFE_INTEGER}
      // Wide enough to read; a phone scrolls the table inside its box, not the page.
      styles={{ table: { minWidth: withBusiness ? 960 : 820 } }}
      columns={columns(withBusiness)}
    />
  );
}
