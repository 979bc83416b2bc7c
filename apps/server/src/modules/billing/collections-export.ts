import { AGING_BUCKET_LABELS } from '@app/shared/billing';
import type { CollectionsList } from '@app/shared/schemas/billing-collections';
import { DATE_FORMAT, PESOS_FORMAT, type XlsxSheet, type XlsxValue } from '../../lib/xlsx-stream.ts';

const day = (isoDate: string | null) => (isoDate ? new Date(`${isoDate}T00:00:00Z`) : null);

/** 'Exportar a Excel' of /cobranza: the list as filtered and sorted, one company a row, with the totals last. */
export function collectionsSheet(list: CollectionsList): XlsxSheet {
  const money = (header: string) => ({ header, width: 14, numFmt: PESOS_FORMAT });
  function* rows(): Generator<XlsxValue[]> {
    for (const row of list.rows) {
      yield [
        row.name,
        row.razonSocial,
        row.rut,
        row.responsibleName ?? '',
        row.open,
        row.credit,
        row.balance,
        day(row.oldestDueDate),
        row.bucket ? AGING_BUCKET_LABELS[row.bucket] : '',
        row.buckets.current,
        row.buckets.d1_30,
        row.buckets.d31_60,
        row.buckets.d61_90,
        row.buckets.d90_plus,
      ];
    }
    const { totals } = list;
    yield [
      'Total',
      '',
      '',
      '',
      totals.open,
      totals.credit,
      totals.balance,
      null,
      '',
      totals.buckets.current,
      totals.buckets.d1_30,
      totals.buckets.d31_60,
      totals.buckets.d61_90,
      totals.buckets.d90_plus,
    ];
  }
  return {
    name: 'Cobranza',
    columns: [
      { header: 'Empresa', width: 30 },
      { header: 'Razón social', width: 36 },
      { header: 'RUT', width: 14 },
      { header: 'Encargado', width: 22 },
      money('Por cobrar'),
      money('Saldo a favor'),
      money('Saldo'),
      { header: 'Vencimiento más antiguo', width: 14, numFmt: DATE_FORMAT },
      { header: 'Tramo', width: 14 },
      money(`Al día`),
      money(AGING_BUCKET_LABELS.d1_30),
      money(AGING_BUCKET_LABELS.d31_60),
      money(AGING_BUCKET_LABELS.d61_90),
      money('Más de 90 días'),
    ],
    rows: rows(),
  };
}
