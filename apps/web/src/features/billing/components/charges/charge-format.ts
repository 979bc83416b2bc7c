import {
  CHARGE_STATUS_LABELS,
  DTE_TYPE_OF,
  type DteType,
  formatRate,
  formatUf,
  formatUfValue,
} from '@app/shared/billing';
import { formatMoney } from '@app/shared/money';
import type { Charge } from '@app/shared/schemas/billing';
import { formatDate } from '../../../../lib/dates';
import { normalizeSearch } from '../../../../lib/search';

export const statusLabel = (charge: Charge) => CHARGE_STATUS_LABELS[charge.status];

/** '$150.000', or '—' while the UF value is missing. */
export const moneyOrDash = (value: number | null) => (value === null ? '—' : formatMoney(value));

/** The tax as its kind and rate say: 'IVA 19 %', 'Retención 15,25 %', 'Exenta'. */
export function taxLabel(charge: Charge): string {
  if (charge.taxKind === 'iva') return `IVA ${formatRate(charge.taxRate)}`;
  if (charge.taxKind === 'retencion') return `Retención ${formatRate(charge.taxRate)}`;
  return 'Exenta';
}

/** How a UF charge was converted: '3 UF × $39.643,59 (UF del 05-04-2026)', or what it waits for. */
export function ufLine(charge: Charge): string | null {
  if (charge.currency !== 'UF' || charge.ufAmount === null) return null;
  if (charge.ufValue === null) return `${formatUf(charge.ufAmount)}: falta la UF del ${formatDate(charge.issueDate)}`;
  return `${formatUf(charge.ufAmount)} × ${formatUfValue(charge.ufValue)} (UF del ${formatDate(charge.ufDate)})`;
}

/** The DTE type a charge is issued with, from its document: 33, 34 or a boleta de honorarios electrónica. */
export const dteOf = (charge: Charge): DteType => DTE_TYPE_OF[charge.documentType];

const DTE_SHORT: Record<DteType, string> = { '33': 'Factura 33', '34': 'Exenta 34', bhe: 'BHE' };
/** 'Factura 33 N° 1234' once issued. */
export const folioText = (charge: Charge) =>
  charge.folio === null || charge.dteType === null ? '' : `${DTE_SHORT[charge.dteType]} N° ${charge.folio}`;

/** What the search box finds a charge by: company, RUT, detail and folio, without accents. */
export const chargeSearchText = (charge: Charge) =>
  normalizeSearch(
    [
      charge.businessName,
      charge.razonSocial,
      charge.rut,
      charge.description,
      charge.folio ?? '',
      statusLabel(charge),
    ].join(' '),
  );
