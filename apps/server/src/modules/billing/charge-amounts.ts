import {
  type ChargeAmounts,
  type Currency,
  chargeAmounts,
  type DocumentType,
  type TaxKind,
  ufToPesos,
} from '@app/shared/billing';

/** What a charge stores of its amounts: UF and its value when in UF, then net, tax and total (null while waiting). */
export interface StoredAmounts {
  ufAmount: number | null;
  ufValueHundredths: number | null;
  ufDate: string | null;
  net: number | null;
  taxKind: TaxKind;
  taxRate: number;
  taxAmount: number | null;
  total: number | null;
  status: 'waiting_uf' | 'draft';
}

const stored = (amounts: ChargeAmounts) => ({
  net: amounts.net,
  taxKind: amounts.taxKind,
  taxRate: amounts.taxRateBp,
  taxAmount: amounts.tax,
  total: amounts.total,
});

/**
 * A charge's amounts from its agreed amount: pesos as they are; UF converted at the UF value of the
 * issue date (`ufValue`), or waiting for it when it is missing (no value is guessed). Tax on the
 * whole-peso net, with the issue year's boleta retention.
 */
export function amountsFor(
  currency: Currency,
  amount: number,
  documentType: DocumentType,
  issueDate: string,
  ufValue: number | undefined,
): StoredAmounts {
  const year = Number(issueDate.slice(0, 4));
  if (currency === 'CLP') {
    return {
      ufAmount: null,
      ufValueHundredths: null,
      ufDate: null,
      ...stored(chargeAmounts(amount, documentType, year)),
      status: 'draft',
    };
  }
  if (ufValue === undefined) {
    const { taxKind, taxRateBp } = chargeAmounts(0, documentType, year);
    return {
      ufAmount: amount,
      ufValueHundredths: null,
      ufDate: issueDate,
      net: null,
      taxKind,
      taxRate: taxRateBp,
      taxAmount: null,
      total: null,
      status: 'waiting_uf',
    };
  }
  const net = ufToPesos(amount, ufValue);
  return {
    ufAmount: amount,
    ufValueHundredths: ufValue,
    ufDate: issueDate,
    ...stored(chargeAmounts(net, documentType, year)),
    status: 'draft',
  };
}
