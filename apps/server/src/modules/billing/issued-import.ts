import { DTE_TYPE_OF } from '@app/shared/billing';
import { INT4_MAX } from '@app/shared/fields';
import { billingMsg, billingSheetMsg } from '@app/shared/messages-billing';
import { parseMoney } from '@app/shared/money';
import { formatRut, isValidRut } from '@app/shared/rut';
import type { Charge, IssuedImportPreview } from '@app/shared/schemas/billing';
import { AppError } from '../../lib/app-error.ts';
import type { Cell, SheetRow } from '../../lib/sheet-upload.ts';
import { headerKey } from './billing-sheets.ts';

/** The invoicing tool's export: the columns read, by the names such tools give them. */
const COLUMNS = {
  rut: ['rut', 'rut receptor', 'rut cliente', 'rut comprador'],
  folio: ['folio', 'numero', 'numero documento', 'nro', 'nro folio'],
  total: ['total', 'monto total', 'total documento', 'monto'],
} as const;
const HEADER_NAMES = { rut: 'RUT', folio: 'Folio', total: 'Total' } as const;

const text = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : String(cell).trim());

function readFolio(cell: Cell | undefined): number | null {
  const value = typeof cell === 'number' ? cell : /^\d+$/.test(text(cell)) ? Number(text(cell)) : Number.NaN;
  return Number.isSafeInteger(value) && value >= 1 && value <= INT4_MAX ? value : null;
}

function readTotal(cell: Cell | undefined): number | null {
  if (cell instanceof Date || cell === null || cell === undefined) return null;
  const parsed = parseMoney(typeof cell === 'number' ? cell : text(cell));
  return parsed.success ? parsed.value : null;
}

/**
 * Each line of the export matched to one charge to invoice of the month, by the company's RUT and
 * the charge's total: exactly one charge not taken by an earlier line. The DTE type is the one the
 * charge's document is issued as. A line with no such charge, or more than one, or a folio an
 * earlier line has, is refused.
 */
export function matchIssuedLines(rows: SheetRow[], toInvoice: Charge[]): IssuedImportPreview {
  const [header, ...data] = rows;
  if (data.length === 0) throw new AppError(400, billingSheetMsg.emptySheet);
  const keys = (header?.cells ?? []).map(headerKey);
  const columnOf = (names: readonly string[]) => keys.findIndex((key) => names.includes(key));
  const at = { rut: columnOf(COLUMNS.rut), folio: columnOf(COLUMNS.folio), total: columnOf(COLUMNS.total) };
  for (const name of ['rut', 'folio', 'total'] as const) {
    if (at[name] < 0) throw new AppError(400, billingMsg.issuedMissingHeader(HEADER_NAMES[name]));
  }
  const byKey = new Map<string, Charge[]>();
  for (const charge of toInvoice) {
    const key = `${charge.rut}|${charge.total}`;
    byKey.set(key, [...(byKey.get(key) ?? []), charge]);
  }
  const taken = new Set<number>();
  const folioLines = new Map<string, number>();
  const lines = data.map((row) => {
    const rutText = text(row.cells[at.rut]);
    const rut = rutText && isValidRut(formatRut(rutText)) ? formatRut(rutText) : null;
    const folio = readFolio(row.cells[at.folio]);
    const total = readTotal(row.cells[at.total]);
    const base = { line: row.number, rut, folio, total, chargeId: null, businessName: null, dteType: null };
    const invalid = (error: string) => ({ ...base, status: 'invalid' as const, error });
    if (!rut) return invalid(billingMsg.issuedLineNoRut);
    if (folio === null) return invalid(billingMsg.issuedLineNoFolio);
    if (total === null) return invalid(billingMsg.issuedLineNoTotal);
    const candidates = (byKey.get(`${rut}|${total}`) ?? []).filter((charge) => !taken.has(charge.id));
    if (candidates.length === 0) return invalid(billingMsg.issuedLineNoMatch);
    if (candidates.length > 1) return invalid(billingMsg.issuedLineAmbiguous);
    const [charge] = candidates as [Charge];
    const dteType = DTE_TYPE_OF[charge.documentType];
    const earlier = folioLines.get(`${dteType}:${folio}`);
    if (earlier !== undefined) return invalid(billingMsg.issuedLineFolioRepeated(folio, earlier));
    folioLines.set(`${dteType}:${folio}`, row.number);
    taken.add(charge.id);
    return {
      ...base,
      chargeId: charge.id,
      businessName: charge.businessName,
      dteType,
      status: 'matched' as const,
      error: null,
    };
  });
  const matched = lines.filter((line) => line.status === 'matched').length;
  return { lines, counts: { matched, invalid: lines.length - matched } };
}
