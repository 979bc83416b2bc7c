import { Readable } from 'node:stream';
import type { Charge } from '@app/shared/schemas/billing';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { PESOS_FORMAT, type XlsxSheet, type XlsxValue } from '../../lib/xlsx-stream.ts';

/**
 * 'Exportar para facturar': a month's charges to invoice, one row each, for an invoicing tool's
 * bulk upload. The columns (README, 'Honorarios y cobranza'): RUT, Razón social, Detalle, Neto,
 * IVA, Retención, Total, Email. IVA is filled for a factura afecta, Retención for a boleta de
 * honorarios (Total is then Neto − Retención), both 0 for a factura exenta.
 */
export const INVOICE_EXPORT_HEADERS = [
  'RUT',
  'Razón social',
  'Detalle',
  'Neto',
  'IVA',
  'Retención',
  'Total',
  'Email',
] as const;

/** The export's file name of a month: 'facturar-2026-11.xlsx'. */
export const invoiceExportName = (period: string, format: 'xlsx' | 'csv') => `facturar-${period}.${format}`;

function cells(charge: Charge): [string, string, string, number, number, number, number, string] {
  const tax = charge.tax ?? 0;
  return [
    charge.rut,
    charge.razonSocial,
    charge.description,
    charge.net ?? 0,
    charge.taxKind === 'iva' ? tax : 0,
    charge.taxKind === 'retencion' ? tax : 0,
    charge.total ?? 0,
    charge.contacts.join(', '),
  ];
}

export function invoiceSheet(charges: Charge[]): XlsxSheet {
  return {
    name: 'Facturar',
    columns: [
      { header: 'RUT', width: 14 },
      { header: 'Razón social', width: 40 },
      { header: 'Detalle', width: 34 },
      { header: 'Neto', width: 14, numFmt: PESOS_FORMAT },
      { header: 'IVA', width: 12, numFmt: PESOS_FORMAT },
      { header: 'Retención', width: 12, numFmt: PESOS_FORMAT },
      { header: 'Total', width: 14, numFmt: PESOS_FORMAT },
      { header: 'Email', width: 40 },
    ],
    rows: charges.map((charge): XlsxValue[] => cells(charge)),
  };
}

/** The same rows as CSV (UTF-8 with BOM, ';', CRLF), amounts as plain whole numbers. */
export function invoiceCsv(charges: Charge[]): Readable {
  return Readable.from(
    (function* () {
      yield CSV_BOM + csvLine(INVOICE_EXPORT_HEADERS);
      for (const charge of charges) yield csvLine(cells(charge).map(String));
    })(),
  );
}
