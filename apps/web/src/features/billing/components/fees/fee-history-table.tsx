import { DOCUMENT_TYPE_LABELS } from '@app/shared/billing';
import type { FeeTerms } from '@app/shared/schemas/billing';
import { ListTable } from '../../../../components/list-table';
import { formatDateTime } from '../../../../lib/dates';
import { monthTextLabel } from '../../utils/billing-month';

/** Every version of the terms, newest first: what changed from which month, by whom. */
export function FeeHistoryTable({ history }: { history: FeeTerms[] }) {
  return (
    <ListTable
      aria-label="Historial de honorarios"
      emptyHeight={120}
      noRecordsText="Sin cambios registrados"
      records={history}
      columns={[
        { accessor: 'effectiveFrom', title: 'Desde', render: (terms) => monthTextLabel(terms.effectiveFrom) },
        { accessor: 'amountText', title: 'Monto' },
        { accessor: 'documentType', title: 'Documento', render: (terms) => DOCUMENT_TYPE_LABELS[terms.documentType] },
        { accessor: 'billingDay', title: 'Día' },
        { accessor: 'paymentTermDays', title: 'Plazo', render: (terms) => `${terms.paymentTermDays} días` },
        {
          accessor: 'toMonth',
          title: 'Hasta',
          render: (terms) => (terms.toMonth ? monthTextLabel(terms.toMonth) : '—'),
        },
        { accessor: 'active', title: 'Estado', render: (terms) => (terms.active ? 'Activo' : 'Inactivo') },
        {
          accessor: 'createdAt',
          title: 'Registrado',
          render: (terms) => `${terms.createdBy ?? ''} ${formatDateTime(terms.createdAt)}`.trim(),
        },
      ]}
    />
  );
}
