import { DOCUMENT_TYPE_LABELS } from '@app/shared/billing';
import type { ExtraCharge } from '@app/shared/schemas/billing';
import { Button, Group } from '@mantine/core';
import { useDeleteExtraCharge, useExtraCharges, useUpdateExtraCharge } from '../../../../api/billing/fee-terms';
import { ListTable } from '../../../../components/list-table';
import { notifyOutcome } from '../../../../lib/notify';
import { agreedAmountText } from '../../utils/amounts';
import { fromMonthText, monthName, monthTextLabel } from '../../utils/billing-month';
import { StatusBadge } from '../status-badge';

/** 'Una vez: abril 2026' or 'Cada año en abril'. */
export const scheduleText = (extra: ExtraCharge) =>
  extra.recurrence === 'once'
    ? `Una vez: ${monthTextLabel(extra.month)}`
    : `Cada año en ${monthName(extra.monthOfYear ?? 1)}`;

/**
 * The company's extra charges. With `onEdit` (who may change billing): each edited or deleted while
 * it produced no charge, and deactivated (or activated again) at any time.
 */
export function ExtraChargesTable({
  businessId,
  onEdit,
}: {
  businessId: number;
  onEdit?: (extra: ExtraCharge) => void;
}) {
  const extras = useExtraCharges(businessId);
  const update = useUpdateExtraCharge();
  const remove = useDeleteExtraCharge();

  const setActive = (extra: ExtraCharge, active: boolean) =>
    update.mutate(
      {
        id: extra.id,
        businessId,
        description: extra.description,
        currency: extra.currency,
        amount: agreedAmountText(extra.currency, extra.amount),
        documentType: extra.documentType,
        recurrence: extra.recurrence,
        month: extra.month ? fromMonthText(extra.month) : null,
        monthOfYear: extra.monthOfYear,
        active,
      },
      notifyOutcome,
    );

  return (
    <ListTable
      aria-label="Cobros adicionales"
      emptyHeight={120}
      query={extras}
      errorText="No se pudieron cargar los cobros adicionales"
      noRecordsText="Sin cobros adicionales"
      records={extras.data ?? []}
      columns={[
        { accessor: 'description', title: 'Descripción' },
        { accessor: 'amountText', title: 'Monto' },
        { accessor: 'documentType', title: 'Documento', render: (extra) => DOCUMENT_TYPE_LABELS[extra.documentType] },
        { accessor: 'recurrence', title: 'Se cobra', render: scheduleText },
        {
          accessor: 'active',
          title: 'Estado',
          render: (extra) => (
            <StatusBadge color={extra.active ? 'green' : 'gray'}>{extra.active ? 'Activo' : 'Inactivo'}</StatusBadge>
          ),
        },
      ]}
      actions={
        onEdit &&
        ((extra) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {!extra.used && (
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`Editar ${extra.description}`}
                onClick={() => onEdit(extra)}
              >
                Editar
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="default"
              aria-label={`${extra.active ? 'Desactivar' : 'Activar'} ${extra.description}`}
              onClick={() => setActive(extra, !extra.active)}
            >
              {extra.active ? 'Desactivar' : 'Activar'}
            </Button>
            {!extra.used && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Eliminar ${extra.description}`}
                onClick={() => remove.mutate({ id: extra.id, businessId }, notifyOutcome)}
              >
                Eliminar
              </Button>
            )}
          </Group>
        ))
      }
    />
  );
}
