import { companiesMsg } from '@app/shared/messages-companies';
import { splitContacts } from '@app/shared/schemas/businesses';
import { DATE_FORMAT, type XlsxSheet } from '../../lib/xlsx-stream.ts';
import type { BusinessRow } from './businesses.repository.ts';

/** A stored calendar date ('YYYY-MM-DD') as a real date in the sheet (midnight UTC: Excel has no time zone). */
export function sheetDate(value: string | null): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/**
 * The companies list as a sheet, with the columns the list shows and its form's
 * fields: Nombre, Razón social, RUT, Representante legal, Contactos, Inicio and Fin de contrato as
 * real dates, Encargado (empty when none). `rows` are already in the order the list showed.
 */
export function businessesSheet(rows: readonly BusinessRow[], ownerName: (userId: number | null) => string): XlsxSheet {
  return {
    name: companiesMsg.exportSheet,
    columns: [
      { header: companiesMsg.headerName, width: 36 },
      { header: companiesMsg.headerRazonSocial, width: 36 },
      { header: companiesMsg.headerRut, width: 14 },
      { header: companiesMsg.headerLegalRepresentative, width: 28 },
      { header: companiesMsg.headerContacts, width: 40 },
      { header: companiesMsg.headerStartContract, width: 18, numFmt: DATE_FORMAT },
      { header: companiesMsg.headerEndContract, width: 16, numFmt: DATE_FORMAT },
      { header: companiesMsg.responsibleLabel, width: 24 },
    ],
    rows: rows.map((row) => [
      row.name,
      row.razonSocial,
      row.rut,
      row.legalRepresentative,
      splitContacts(row.contact).join(', '),
      sheetDate(row.startContract),
      sheetDate(row.endContract),
      ownerName(row.responsibleUserId),
    ]),
  };
}
