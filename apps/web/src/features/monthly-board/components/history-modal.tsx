import { boardMsg } from '@app/shared/messages-board';
import type { Period } from '@app/shared/period';
import type { BoardService, HistoryEntry } from '@app/shared/schemas/monthly-states';
import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { ListTable } from '../../../components/list-table';
import { readableTextColor } from '../../../lib/contrast';
import { formatDateTime } from '../../../lib/date-time';
import { formatMoney } from '../../../lib/money';
import { useStateHistory } from '../api/get-state-history';

export interface HistoryTarget {
  businessId: number;
  businessName: string;
  service: BoardService;
}

function StateBadge({ state }: { state: HistoryEntry['fromState'] }) {
  if (!state) return <Text size="sm">—</Text>;
  return (
    <Badge color={state.color} tt="none" radius="sm" style={{ color: readableTextColor(state.color) }}>
      {state.name}
    </Badge>
  );
}

/** A cell's history (issue 8): every change of the company's service that month, newest first. */
export function HistoryModal({
  period,
  target,
  opened,
  onClose,
}: {
  period: Period;
  target: HistoryTarget | null;
  opened: boolean;
  onClose: () => void;
}) {
  const history = useStateHistory(
    opened && target ? { ...period, businessId: target.businessId, serviceId: target.service.id } : null,
  );
  return (
    <Modal opened={opened} onClose={onClose} title={boardMsg.historyTitle} size="xl">
      <Stack>
        {target && (
          <Text size="sm" c="dimmed">
            {`${target.businessName} · ${target.service.name}`}
          </Text>
        )}
        <ListTable
          query={history}
          records={history.data ?? []}
          noRecordsText={boardMsg.noHistory}
          errorText={boardMsg.historyFailed}
          emptyHeight={100}
          columns={[
            { accessor: 'at', title: 'Fecha', noWrap: true, render: (entry) => formatDateTime(entry.at) },
            { accessor: 'by', title: 'Usuario' },
            {
              accessor: 'toState',
              title: 'Cambio',
              render: (entry) => (
                <Group gap={6} wrap="nowrap">
                  <StateBadge state={entry.fromState} />
                  <IconArrowRight size={14} aria-label="a" />
                  <StateBadge state={entry.toState} />
                </Group>
              ),
            },
            {
              accessor: 'value',
              title: boardMsg.valueTitle,
              textAlign: 'right',
              render: (entry) => (entry.value === null ? '' : formatMoney(entry.value)),
            },
          ]}
        />
      </Stack>
    </Modal>
  );
}
