import type { BillingMonth, UfValue } from '@app/shared/schemas/billing';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useUfValues } from '../../../../api/billing/uf-values';
import { ListTable } from '../../../../components/list-table';
import { formatDate, formatDateTime } from '../../../../lib/dates';
import { monthLabel } from '../../utils/billing-month';
import { UfImportModal } from './uf-import-modal';
import { UfValueForm } from './uf-value-form';

const SOURCE_LABELS: Record<UfValue['source'], string> = {
  manual: 'Ingresado',
  import: 'Importado',
  fetch: 'Obtenido de la fuente',
};

/** 'Valores UF': the month's values by day, one typed by hand, or a file imported after its preview. */
export function UfTab({ month, mayChange }: { month: BillingMonth; mayChange: boolean }) {
  const values = useUfValues(month);
  const [importing, setImporting] = useState(false);
  return (
    <Stack>
      {mayChange && (
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <UfValueForm />
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            Importar valores UF
          </Button>
        </Group>
      )}
      <Title order={2} size="h4">{`Valores de ${monthLabel(month)}`}</Title>
      <ListTable
        aria-label="Valores UF del mes"
        query={values}
        errorText="No se pudieron cargar los valores UF"
        noRecordsText="Sin valores UF en este mes"
        records={values.data ?? []}
        idAccessor="date"
        columns={[
          { accessor: 'date', title: 'Fecha', render: (uf) => formatDate(uf.date) },
          { accessor: 'valueText', title: 'Valor', textAlign: 'right' },
          { accessor: 'source', title: 'Origen', render: (uf) => SOURCE_LABELS[uf.source] },
          { accessor: 'updatedAt', title: 'Actualizado', render: (uf) => formatDateTime(uf.updatedAt) },
        ]}
      />
      <UfImportModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
