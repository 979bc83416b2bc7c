import type { GenerateChargesResult } from '@app/shared/schemas/billing';
import { List, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { WarningAlert } from '../../../../components/warning-alert';
import { formatDate } from '../../../../lib/dates';

/** What 'Generar cobros' did, said plainly: created, already there, waiting for which UF values. */
export function GenerateResult({ result, onClose }: { result: GenerateChargesResult; onClose: () => void }) {
  const waiting = result.missingUfDates.length > 0;
  return (
    // A WarningAlert keeps its title readable (AA) on the tint, green or yellow.
    <WarningAlert
      color={waiting ? 'yellow' : 'green'}
      icon={waiting ? undefined : <IconCircleCheck size={18} aria-hidden />}
      title="Cobros generados"
      withCloseButton
      closeButtonLabel="Cerrar aviso"
      onClose={onClose}
      role="status"
      mb="md"
    >
      <Text size="sm">{result.message}.</Text>
      <List size="sm" mt={4}>
        <List.Item>{`Nuevos: ${result.created}`}</List.Item>
        <List.Item>{`Ya existían: ${result.existing}`}</List.Item>
        {result.converted > 0 && <List.Item>{`Calculados con la UF ya ingresada: ${result.converted}`}</List.Item>}
        {waiting && (
          <List.Item>
            {`Esperando el valor de la UF del ${result.missingUfDates.map(formatDate).join(', ')}: ingrésalo en 'Valores UF' y se calcularán solos.`}
          </List.Item>
        )}
      </List>
    </WarningAlert>
  );
}
