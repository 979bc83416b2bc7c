import { boardMsg } from '@app/shared/messages-board';
import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { readableTextColor } from '../../lib/contrast';
import { formatDateTime } from '../../lib/dates';
import { ListTable, type ListTableQuery } from '../list-table';

/** A state as a history row shows it; null before the first change. */
export interface StateLook {
  name: string;
  color: string | undefined;
}

function StateBadge({ state }: { state: StateLook | null }) {
  if (!state) return <Text size="sm">—</Text>;
  return (
    <Badge
      color={state.color ?? 'gray'}
      tt="none"
      radius="sm"
      style={state.color ? { color: readableTextColor(state.color) } : undefined}
    >
      {state.name}
    </Badge>
  );
}

/**
 * A board cell's history, newest first (both boards): when, who, from which state to which, and
 * the value. `from`/`to` read an entry's states, `value` its value as shown.
 */
export function ChangeHistoryModal<E extends { id: number; at: string; by: string }>({
  opened,
  onClose,
  subtitle,
  query,
  records,
  from,
  to,
  value,
  valueAlign,
}: {
  opened: boolean;
  onClose: () => void;
  subtitle: string | null;
  query: ListTableQuery;
  records: E[];
  from: (entry: E) => StateLook | null;
  to: (entry: E) => StateLook | null;
  value: (entry: E) => ReactNode;
  valueAlign?: 'right';
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={boardMsg.historyTitle} size="xl">
      <Stack>
        {subtitle && (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        )}
        <ListTable
          query={query}
          records={records}
          noRecordsText={boardMsg.noHistory}
          errorText={boardMsg.historyFailed}
          emptyHeight={100}
          columns={[
            { accessor: 'at', title: 'Fecha', noWrap: true, render: (entry) => formatDateTime(entry.at) },
            { accessor: 'by', title: 'Usuario' },
            {
              accessor: 'change',
              title: 'Cambio',
              render: (entry) => (
                <Group gap={6} wrap="nowrap">
                  <StateBadge state={from(entry)} />
                  <IconArrowRight size={14} aria-label="a" />
                  <StateBadge state={to(entry)} />
                </Group>
              ),
            },
            { accessor: 'value', title: boardMsg.valueTitle, textAlign: valueAlign, render: value },
          ]}
        />
      </Stack>
    </Modal>
  );
}
