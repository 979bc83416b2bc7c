import { boardMsg } from '@app/shared/messages-board';
import { emptyCardMsg } from '@app/shared/messages-board-period';
import { Card, ColorSwatch, Group, Text } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { SummaryGrid } from '../../../components/board/summary-grid';
import { PercentBadge } from '../../../components/percent-badge';
import type { OverdueCount } from '../utils/board-filters';
import { percentColor, type SummaryCard } from '../utils/board-rows';

/**
 * The summary cards: per service and showResume state, how many companies are at
 * that state or beyond over those where the service applies, with a coloured percent badge; first,
 * per service with late cells, how many.
 */
export function SummaryCards({ cards, overdue }: { cards: SummaryCard[]; overdue: OverdueCount[] }) {
  return (
    <SummaryGrid emptyText={boardMsg.noSummaryCards}>
      {[
        ...overdue.map(({ service, count }) => (
          <Card
            key={`overdue-${service.id}`}
            component="li"
            withBorder
            padding="sm"
            aria-label={boardMsg.overdueCard(service.name, count)}
            data-testid={`overdue-${service.id}`}
            style={{ borderInlineStart: '4px solid var(--mantine-color-red-filled)' }}
          >
            <Text fw={600} size="sm" truncate>
              {service.name}
            </Text>
            <Group gap={6} wrap="nowrap">
              <IconAlarm size={12} aria-hidden />
              <Text size="xs" c="dimmed" truncate>
                {boardMsg.overdueTitle}
              </Text>
            </Group>
            <Text size="xl" fw={700} mt={4} c="var(--mantine-color-red-text)">
              {count}
            </Text>
          </Card>
        )),
        ...cards.map((card) => (
          <Card
            key={card.key}
            component="li"
            withBorder
            padding="sm"
            aria-label={`${card.service.name}, ${card.state.name}: ${card.count} de ${card.total}, ${card.percent === null ? emptyCardMsg : `${card.percent}%`}`}
            data-testid={`summary-${card.key}`}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {card.service.name}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch color={card.state.color} size={10} withShadow={false} aria-hidden />
                  <Text size="xs" c="dimmed" truncate>
                    {card.state.name}
                  </Text>
                </Group>
              </div>
              <PercentBadge percent={card.percent} color={percentColor(card.percent)} />
            </Group>
            <Text size="xl" fw={700} mt={4}>
              {card.count}
              <Text span size="sm" c="dimmed" fw={400}>
                {` / ${card.total}`}
              </Text>
            </Text>
          </Card>
        )),
      ]}
    </SummaryGrid>
  );
}
