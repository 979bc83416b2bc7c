import type { PanelProgress } from '@app/shared/schemas/panel';
import { ColorSwatch, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { PanelResponsible } from '../../../api/panel/panel';
import { ChartCard, type ChartTable } from './chart-card';
import { formatCount, longMonth, plural } from './panel-format';
import { boardLink } from './panel-links';

/** Below this share of its bar a section shows no count inside (it would not fit); its tooltip has it. */
const LABEL_MIN_PERCENT = 8;

/**
 * The period's progress per service: a bar per service split by state in the board's colours,
 * each part as wide as its share of the service's companies, and a click on a part opens the board
 * narrowed to that service and state. Drawn with Mantine's Progress (plain elements): the page's
 * first chart, usable before the charts library has loaded.
 */
export function ProgressChart({ progress, responsible }: { progress: PanelProgress; responsible: PanelResponsible }) {
  const navigate = useNavigate();
  const link = (serviceId: number, stateId: number) =>
    boardLink({ year: progress.year, month: progress.month, serviceId, stateId, responsible });
  const table: ChartTable = {
    columns: ['Servicio', 'Estados (empresas)'],
    rows: progress.services.flatMap((service) =>
      service.states.map((state) => ({
        key: `${service.serviceId}-${state.stateId}`,
        cells: [
          { text: service.name },
          { text: `${state.name}: ${formatCount(state.count)}`, to: link(service.serviceId, state.stateId) },
        ],
      })),
    ),
  };
  // The legend names each state once (services often share a state's name and colour).
  const legend = new Map<string, { name: string; color: string }>();
  for (const service of progress.services)
    for (const state of service.states)
      if (state.count > 0) legend.set(`${state.name}|${state.color}`, { name: state.name, color: state.color });
  return (
    <ChartCard
      title={`Avance de ${longMonth(progress.year, progress.month)} por servicio`}
      subtitle="Empresas en cada estado, como en el tablero mensual"
      table={table}
      empty={progress.services.length === 0 ? 'No hay servicios que apliquen en el período.' : null}
    >
      <Stack gap="sm">
        {progress.services.map((service) => (
          <div key={service.serviceId} data-service={service.name}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
              <Text size="sm" fw={500} truncate>
                {service.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {plural(service.total, 'empresa', 'empresas')}
              </Text>
            </Group>
            <Progress.Root size={22} autoContrast>
              {service.states
                .filter((state) => state.count > 0)
                .map((state) => {
                  const percent = (state.count / service.total) * 100;
                  return (
                    <Tooltip key={state.stateId} label={`${state.name}: ${plural(state.count, 'empresa', 'empresas')}`}>
                      <Progress.Section
                        value={percent}
                        color={state.color}
                        data-state={state.name}
                        style={{ cursor: 'pointer' }}
                        onClick={() => navigate(link(service.serviceId, state.stateId))}
                      >
                        {percent >= LABEL_MIN_PERCENT && <Progress.Label>{formatCount(state.count)}</Progress.Label>}
                      </Progress.Section>
                    </Tooltip>
                  );
                })}
            </Progress.Root>
          </div>
        ))}
        <Group gap="md">
          {[...legend.values()].map((state) => (
            <Group key={`${state.name}|${state.color}`} gap={6} wrap="nowrap">
              <ColorSwatch color={state.color} size={12} withShadow={false} />
              <Text size="xs">{state.name}</Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </ChartCard>
  );
}
