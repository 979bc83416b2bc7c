import type { CatalogueEntryStatus } from '@app/shared/schemas/tax-catalogue';
import { Anchor, Badge, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useLoadTaxCatalogue, useTaxCatalogue } from '../../../api/services/tax-catalogue';
import { notifyError, notifySuccess } from '../../../lib/notify';

const STATUS_LABEL: Record<CatalogueEntryStatus['status'], { label: string; color: string }> = {
  new: { label: 'Nueva', color: 'blue' },
  loaded: { label: 'Cargada', color: 'green' },
  changed: { label: 'Cargada con cambios', color: 'yellow' },
  'name-taken': { label: 'Nombre en uso', color: 'gray' },
};

/**
 * 'Cargar obligaciones del SII': every catalogue entry with its status; the owner ticks new ones and
 * loads them. A loaded entry is never overwritten: one the firm changed lists its differences.
 */
export function TaxCatalogueModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const catalogue = useTaxCatalogue(opened);
  const load = useLoadTaxCatalogue();
  const [chosen, setChosen] = useState<string[]>([]);
  const entries = catalogue.data?.entries ?? [];

  const toggle = (key: string, on: boolean) =>
    setChosen((current) => (on ? [...current, key] : current.filter((other) => other !== key)));

  const submit = async () => {
    try {
      const result = await load.mutateAsync({ keys: chosen });
      notifySuccess(result.message);
      setChosen([]);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Cargar obligaciones del SII" size="xl">
      <Stack>
        <Text size="sm">
          Cada obligación se carga como un servicio con sus estados, vencimientos, meses, carpetas, correos y plantillas
          de solicitud. Una obligación ya cargada no se modifica.
        </Text>
        {catalogue.isPending ? (
          <Loader size="sm" role="status" aria-label="Cargando el catálogo" />
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Obligación</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.key}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Elegir ${entry.name}`}
                      disabled={entry.status !== 'new'}
                      checked={chosen.includes(entry.key)}
                      onChange={(event) => toggle(entry.key, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={500}>{entry.name}</Text>
                    <Text size="xs" c="dimmed">
                      {entry.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <Anchor href={entry.sourceUrl} target="_blank" rel="noreferrer" size="xs">
                        Fuente
                      </Anchor>
                      : {entry.legalBasis}
                    </Text>
                    {entry.differences.length > 0 && (
                      <ul aria-label={`Diferencias de ${entry.name}`} style={{ margin: 0, paddingLeft: 18 }}>
                        {entry.differences.map((difference) => (
                          <li key={difference.field}>
                            <Text size="xs">
                              {difference.field}: catálogo «{difference.catalogue}», estudio «{difference.firm}»
                            </Text>
                          </li>
                        ))}
                      </ul>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_LABEL[entry.status].color} variant="light">
                      {STATUS_LABEL[entry.status].label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={load.isPending} disabled={chosen.length === 0}>
            Cargar seleccionadas
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
