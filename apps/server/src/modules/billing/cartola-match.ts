import { collectionsMsg } from '@app/shared/messages-billing-collections';
import type { CartolaProposal } from '@app/shared/schemas/billing-collections';
import { numbersIn, rutsIn } from './cartola-lines.ts';

/** An open charge as the matching sees it. */
export interface MatchCharge {
  id: number;
  businessId: number;
  open: number;
  folio: number | null;
}

/** What the proposals are drawn from: the companies by RUT and the firm's open charges. */
export interface MatchIndex {
  companyByRut: Map<string, { id: number; name: string }>;
  nameOf: Map<number, string>;
  byOpenAmount: Map<number, MatchCharge[]>;
  byFolio: Map<number, MatchCharge[]>;
}

export function matchIndex(
  companies: readonly { id: number; name: string; rut: string }[],
  charges: readonly MatchCharge[],
): MatchIndex {
  const byOpenAmount = new Map<number, MatchCharge[]>();
  const byFolio = new Map<number, MatchCharge[]>();
  const add = <K>(map: Map<K, MatchCharge[]>, key: K, charge: MatchCharge) => {
    const list = map.get(key);
    if (list) list.push(charge);
    else map.set(key, [charge]);
  };
  for (const charge of charges) {
    add(byOpenAmount, charge.open, charge);
    if (charge.folio !== null) add(byFolio, charge.folio, charge);
  }
  return {
    companyByRut: new Map(companies.map((company) => [company.rut, { id: company.id, name: company.name }])),
    nameOf: new Map(companies.map((company) => [company.id, company.name])),
    byOpenAmount,
    byFolio,
  };
}

/**
 * The company a deposit is proposed for, and why, in this order: a RUT of a company (the line's
 * RUT column, else one written in its description, with or without dots and dash, check digit
 * holding); else the amount of exactly one open charge of the firm; else a number in the
 * description that is the folio of exactly one open charge. Null when none holds.
 */
export function proposeMatch(
  line: { description: string; amount: number; rut: string | null },
  index: MatchIndex,
): CartolaProposal | null {
  const ruts = [...(line.rut ? [line.rut] : []), ...rutsIn(line.description)];
  for (const rut of ruts) {
    const company = index.companyByRut.get(rut);
    if (company) {
      return {
        businessId: company.id,
        businessName: company.name,
        chargeId: null,
        reason: 'rut',
        reasonText: collectionsMsg.proposalRut(rut),
      };
    }
  }
  const sameAmount = index.byOpenAmount.get(line.amount) ?? [];
  if (sameAmount.length === 1) {
    const charge = sameAmount[0] as MatchCharge;
    return {
      businessId: charge.businessId,
      businessName: index.nameOf.get(charge.businessId) ?? '',
      chargeId: charge.id,
      reason: 'amount',
      reasonText: collectionsMsg.proposalAmount(line.amount),
    };
  }
  const byFolio = new Map<number, { charge: MatchCharge; folio: number }>();
  for (const folio of numbersIn(line.description)) {
    for (const charge of index.byFolio.get(folio) ?? []) byFolio.set(charge.id, { charge, folio });
  }
  if (byFolio.size === 1) {
    const [{ charge, folio }] = [...byFolio.values()] as [{ charge: MatchCharge; folio: number }];
    return {
      businessId: charge.businessId,
      businessName: index.nameOf.get(charge.businessId) ?? '',
      chargeId: charge.id,
      reason: 'folio',
      reasonText: collectionsMsg.proposalFolio(folio),
    };
  }
  return null;
}
