import { describe, expect, it } from 'vitest';
import {
  agingBucket,
  applyRate,
  boletaRetentionBp,
  chargeAmounts,
  chargeDueDate,
  extraChargeKey,
  extraFallsIn,
  feeChargeKey,
  formatAgreedAmount,
  formatRate,
  formatUf,
  formatUfInPesos,
  formatUfValue,
  issueDateOf,
  termsInForce,
  ufToPesos,
} from './billing.ts';
import { isChileanHoliday } from './due-dates-cl.ts';

describe('the boleta retention by year (SII schedule)', () => {
  it.each([
    [2019, 1000],
    [2020, 1075],
    [2021, 1150],
    [2022, 1225],
    [2023, 1300],
    [2024, 1375],
    [2025, 1450],
    [2026, 1525],
    [2027, 1600],
    [2028, 1700],
    [2035, 1700],
  ])('is %d → %d basis points', (year, basisPoints) => {
    expect(boletaRetentionBp(year)).toBe(basisPoints);
  });
});

describe('a charge’s tax and total', () => {
  it('adds 19 % IVA to a factura afecta, rounded half up to the peso', () => {
    expect(chargeAmounts(100_000, 'factura_afecta', 2026)).toEqual({
      net: 100_000,
      taxKind: 'iva',
      taxRateBp: 1900,
      tax: 19_000,
      total: 119_000,
    });
    // 118.456 × 0,19 = 22.506,64 → 22.507; 50 × 0,19 = 9,5 → 10 (half up).
    expect(chargeAmounts(118_456, 'factura_afecta', 2026).tax).toBe(22_507);
    expect(chargeAmounts(50, 'factura_afecta', 2026).tax).toBe(10);
  });

  it('takes no tax on a factura exenta', () => {
    expect(chargeAmounts(250_000, 'factura_exenta', 2026)).toEqual({
      net: 250_000,
      taxKind: 'none',
      taxRateBp: 0,
      tax: 0,
      total: 250_000,
    });
  });

  it('withholds the year’s retention from a boleta: the fee is gross, the firm collects gross − retention', () => {
    expect(chargeAmounts(500_000, 'boleta_honorarios', 2026)).toEqual({
      net: 500_000,
      taxKind: 'retencion',
      taxRateBp: 1525,
      tax: 76_250,
      total: 423_750,
    });
    expect(chargeAmounts(500_000, 'boleta_honorarios', 2025).tax).toBe(72_500);
    // 555.555 × 14,5 % = 80.555,475 → 80.555 (the SII's own example).
    expect(chargeAmounts(555_555, 'boleta_honorarios', 2025).tax).toBe(80_555);
    expect(chargeAmounts(100_000, 'boleta_honorarios', 2028).total).toBe(83_000);
  });

  it('stays exact past float precision', () => {
    expect(applyRate(999_999_999_999, 1900)).toBe(190_000_000_000);
    expect(applyRate(999_999_999_999, 1525)).toBe(152_500_000_000);
    expect(() => applyRate(-1, 1900)).toThrow(RangeError);
    expect(() => applyRate(1.5, 1900)).toThrow(RangeError);
  });

  it('shows a rate as a Chilean percent', () => {
    expect(formatRate(1900)).toBe('19 %');
    expect(formatRate(1525)).toBe('15,25 %');
    expect(formatRate(1075)).toBe('10,75 %');
  });
});

describe('UF conversion', () => {
  it('multiplies hundredths exactly and rounds half up to the peso', () => {
    // 3 UF × $39.485,33 = $118.455,99 → $118.456
    expect(ufToPesos(300, 3_948_533)).toBe(118_456);
    // 2,5 UF × $39.643,59 = $99.108,975 → $99.109
    expect(ufToPesos(250, 3_964_359)).toBe(99_109);
    // 0,01 UF × $50,00 = $0,50 → $1 (half up); × $49,99 → $0
    expect(ufToPesos(1, 5000)).toBe(1);
    expect(ufToPesos(1, 4999)).toBe(0);
    expect(ufToPesos(100_000_000, 100_000_000)).toBe(1_000_000_000_000);
  });

  it('refuses what is not a UF amount or value', () => {
    expect(() => ufToPesos(-1, 3_964_359)).toThrow(RangeError);
    expect(() => ufToPesos(100, 0)).toThrow(RangeError);
    expect(() => ufToPesos(1.5, 3_964_359)).toThrow(RangeError);
  });

  it('shows UF in es-CL: 2,5 UF, 3 UF = $118.456, values with both decimals', () => {
    expect(formatUf(250)).toBe('2,5 UF');
    expect(formatUf(300)).toBe('3 UF');
    expect(formatUf(1_000_025)).toBe('10.000,25 UF');
    expect(formatUfInPesos(300, 118_456)).toBe('3 UF = $118.456');
    expect(formatUfValue(3_964_359)).toBe('$39.643,59');
    expect(formatUfValue(3_964_350)).toBe('$39.643,50');
    expect(formatAgreedAmount('CLP', 150_000)).toBe('$150.000');
    expect(formatAgreedAmount('UF', 250)).toBe('2,5 UF');
  });
});

describe('issue and due dates', () => {
  it('issues on the billing day of the month', () => {
    expect(issueDateOf({ year: 2026, month: 3 }, 5)).toBe('2026-03-05');
    expect(issueDateOf({ year: 2026, month: 11 }, 28)).toBe('2026-11-28');
  });

  it('falls due the payment term after the issue date, moved to the next Chilean business day', () => {
    // 2026-11-05 + 10 = Sunday 15 November → Monday 16.
    expect(chargeDueDate('2026-11-05', 10, isChileanHoliday)).toBe('2026-11-16');
    // 2026-09-08 + 10 = Friday 18 September (holiday), 19 holiday, weekend → Monday 21.
    expect(chargeDueDate('2026-09-08', 10, isChileanHoliday)).toBe('2026-09-21');
    // Across a year: 2026-12-22 + 10 = Friday 1 January 2027 (holiday) → Monday 4.
    expect(chargeDueDate('2026-12-22', 10, isChileanHoliday)).toBe('2027-01-04');
    // A business day stays.
    expect(chargeDueDate('2026-11-05', 0, isChileanHoliday)).toBe('2026-11-05');
  });
});

describe('aging buckets', () => {
  it.each([
    ['2026-11-10', '2026-11-01', 'current'],
    ['2026-11-10', '2026-11-10', 'current'],
    ['2026-11-10', '2026-11-11', 'd1_30'],
    ['2026-11-10', '2026-12-10', 'd1_30'],
    ['2026-11-10', '2026-12-11', 'd31_60'],
    ['2026-11-10', '2027-01-09', 'd31_60'],
    ['2026-11-10', '2027-01-10', 'd61_90'],
    ['2026-11-10', '2027-02-08', 'd61_90'],
    ['2026-11-10', '2027-02-09', 'd90_plus'],
  ])('due %s, seen %s: %s', (due, today, bucket) => {
    expect(agingBucket(due, today)).toBe(bucket);
  });
});

describe('the fee terms in force', () => {
  const v = (id: number, effectiveFrom: string, extra: { toMonth?: string | null; active?: boolean } = {}) => ({
    id,
    effectiveFrom,
    toMonth: extra.toMonth ?? null,
    active: extra.active ?? true,
  });

  it('are the latest version effective on or before the month', () => {
    const versions = [v(1, '2026-01-01'), v(2, '2026-06-01'), v(3, '2027-01-01')];
    expect(termsInForce(versions, { year: 2025, month: 12 })).toBeUndefined();
    expect(termsInForce(versions, { year: 2026, month: 5 })?.id).toBe(1);
    expect(termsInForce(versions, { year: 2026, month: 6 })?.id).toBe(2);
    expect(termsInForce(versions, { year: 2026, month: 12 })?.id).toBe(2);
    expect(termsInForce(versions, { year: 2027, month: 3 })?.id).toBe(3);
  });

  it('take the newest of two versions of the same month, and none when it is inactive or ended', () => {
    expect(termsInForce([v(4, '2026-06-01'), v(2, '2026-06-01')], { year: 2026, month: 7 })?.id).toBe(4);
    expect(termsInForce([v(1, '2026-01-01'), v(2, '2026-06-01', { active: false })], { year: 2026, month: 7 })).toBe(
      undefined,
    );
    const ending = [v(1, '2026-01-01', { toMonth: '2026-03-01' })];
    expect(termsInForce(ending, { year: 2026, month: 3 })?.id).toBe(1);
    expect(termsInForce(ending, { year: 2026, month: 4 })).toBeUndefined();
  });
});

describe('extra charges and generation keys', () => {
  it('fall once in their month, or yearly in their month of every year', () => {
    expect(extraFallsIn({ recurrence: 'once', month: '2026-04-01' }, { year: 2026, month: 4 })).toBe(true);
    expect(extraFallsIn({ recurrence: 'once', month: '2026-04-01' }, { year: 2027, month: 4 })).toBe(false);
    expect(extraFallsIn({ recurrence: 'yearly', monthOfYear: 4 }, { year: 2027, month: 4 })).toBe(true);
    expect(extraFallsIn({ recurrence: 'yearly', monthOfYear: 4 }, { year: 2027, month: 5 })).toBe(false);
  });

  it('name one charge per company and month, and per extra charge and month', () => {
    expect(feeChargeKey(12, { year: 2026, month: 3 })).toBe('fee:12:2026-03');
    expect(extraChargeKey(7, { year: 2026, month: 11 })).toBe('extra:7:2026-11');
  });
});
