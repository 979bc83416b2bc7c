import { MONTH_KEYS, MONTH_NAMES, type MonthKey, type ServiceMonthsActive } from '@app/shared/schemas/services';
import { SimpleGrid, Switch } from '@mantine/core';
import { useUpdateMonthsActive } from '../../../api/services/update-months-active';
import { notifyOutcome } from '../../../lib/notify';
import { Section } from './section';

/** 'Meses activo': twelve switches, each change saved at once with all twelve months. */
export function MonthsSection({ serviceId, monthsActive }: { serviceId: number; monthsActive: ServiceMonthsActive }) {
  const update = useUpdateMonthsActive();

  const toggle = (key: MonthKey, checked: boolean) =>
    update.mutate({ serviceId, monthsActive: { ...monthsActive, [key]: checked } }, notifyOutcome);

  return (
    <Section title="Meses activo">
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm" verticalSpacing="sm">
        {MONTH_KEYS.map((key) => (
          <Switch
            key={key}
            label={MONTH_NAMES[key]}
            checked={monthsActive[key]}
            onChange={(event) => toggle(key, event.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}
