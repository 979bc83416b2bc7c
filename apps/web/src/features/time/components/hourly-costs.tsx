import { formatMoney } from '@app/shared/money';
import { HOURLY_COST_MAX, type HourlyCost } from '@app/shared/schemas/time';
import { Button, Group, Loader, NumberInput, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useHourlyCosts, useSetHourlyCost } from '../../../api/time/entries';
import { LoadError } from '../../../components/load-error';
import { notifyError, notifySuccess } from '../../../lib/notify';

const ROLE_LABELS: Record<string, string> = { owner: 'Dueño', collaborator: 'Colaborador' };

function CostRow({ cost }: { cost: HourlyCost }) {
  const save = useSetHourlyCost();
  const [value, setValue] = useState<number | string>(cost.hourlyCost ?? '');
  const changed = value !== '' && Number(value) !== cost.hourlyCost;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{cost.name}</Text>
        <Text size="xs" c="dimmed">
          {ROLE_LABELS[cost.role] ?? cost.role}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <NumberInput
            aria-label={`Costo por hora de ${cost.name}`}
            value={value}
            onChange={setValue}
            min={0}
            max={HOURLY_COST_MAX}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator="."
            decimalSeparator=","
            prefix="$"
            w={150}
          />
          <Button
            size="xs"
            disabled={!changed}
            loading={save.isPending}
            aria-label={`Guardar costo por hora de ${cost.name}`}
            onClick={() =>
              save.mutate(
                { userId: cost.userId, hourlyCost: Number(value) },
                { onSuccess: (result) => notifySuccess(result.message), onError: (error) => notifyError(error) },
              )
            }
          >
            Guardar
          </Button>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" c="dimmed">
          {cost.hourlyCost === null ? 'Sin costo' : formatMoney(cost.hourlyCost)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** 'Costo por hora' (owners): each staff member's cost of an hour, in whole pesos, which profitability uses. */
export function HourlyCosts() {
  const costs = useHourlyCosts();
  if (costs.isError) return <LoadError title="No se pudieron cargar los costos por hora" query={costs} />;
  if (!costs.data) return <Loader size="sm" role="status" aria-label="Cargando" />;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Persona</Table.Th>
            <Table.Th>Costo por hora</Table.Th>
            <Table.Th visibleFrom="sm">Actual</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {costs.data.map((cost) => (
            <CostRow key={cost.userId} cost={cost} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
