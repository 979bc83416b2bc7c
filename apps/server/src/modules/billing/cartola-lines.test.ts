import { collectionsMsg } from '@app/shared/messages-billing-collections';
import { describe, expect, it } from 'vitest';
import type { SheetRow } from '../../lib/sheet-upload.ts';
import { cartolaKey, numbersIn, readCartola, rutsIn } from './cartola-lines.ts';
import { matchIndex, proposeMatch } from './cartola-match.ts';

const sheet = (...rows: (string | number | Date | null)[][]): SheetRow[] =>
  rows.map((cells, index) => ({ number: index + 1, cells }));

describe("reading a bank statement ('cartola')", () => {
  it('reads Chilean dates and amounts, finds the header under the title rows, and sets debits aside with the reason', () => {
    const lines = readCartola(
      sheet(
        ['Cartola Cuenta Corriente N° 0012345'],
        ['Fecha', 'Descripción', 'Monto', 'RUT'],
        ['28/11/2026', 'TRANSF DE EMPRESA UNO', '1.234.567', '76.543.210-3'],
        ['29-11-2026', 'PAGO PROVEEDOR', '-250.000', null],
        [new Date(Date.UTC(2026, 10, 30)), 'DEPOSITO', 45000, null],
        ['31/11/2026', 'FECHA QUE NO EXISTE', '1.000', null],
        ['30/11/2026', 'MONTO INGLÉS', '1,234', null],
      ),
    );
    expect(lines.map(({ line, date, amount, status, rut }) => ({ line, date, amount, status, rut }))).toEqual([
      { line: 3, date: '2026-11-28', amount: 1_234_567, status: 'new', rut: '76.543.210-3' },
      { line: 4, date: '2026-11-29', amount: -250_000, status: 'debit', rut: null },
      { line: 5, date: '2026-11-30', amount: 45_000, status: 'new', rut: null },
      { line: 6, date: null, amount: 1000, status: 'invalid', rut: null },
      { line: 7, date: '2026-11-30', amount: null, status: 'invalid', rut: null },
    ]);
    expect(lines[1]?.error).toBe(collectionsMsg.cartolaDebit);
    expect(lines[3]?.error).toBe(collectionsMsg.cartolaNoDate);
    expect(lines[4]?.error).toBe(collectionsMsg.cartolaNoAmount);
    expect(lines[1]?.key).toBeNull();
  });

  it("reads 'Abono' and 'Cargo' columns: an abono is a deposit, a cargo a debit", () => {
    const lines = readCartola(
      sheet(
        ['Fecha', 'Glosa', 'Cargos', 'Abonos'],
        ['01/12/2026', 'ABONO TRANSFERENCIA', null, '150.000'],
        ['02/12/2026', 'COMISION MANTENCION', '5.990', null],
      ),
    );
    expect(lines.map((line) => [line.amount, line.status])).toEqual([
      [150_000, 'new'],
      [-5_990, 'debit'],
    ]);
  });

  it('gives two equal deposits of one day two keys, and the same file the same keys again', () => {
    const rows = sheet(
      ['Fecha', 'Detalle', 'Monto'],
      ['01/12/2026', 'DEPOSITO EN EFECTIVO', '100.000'],
      ['01/12/2026', 'deposito  en efectivo', '100.000'],
    );
    const [first, second] = readCartola(rows);
    expect([first?.occurrence, second?.occurrence]).toEqual([1, 2]);
    expect(first?.key).not.toBe(second?.key);
    expect(readCartola(rows).map((line) => line.key)).toEqual([first?.key, second?.key]);
    expect(first?.key).toBe(cartolaKey('2026-12-01', 100_000, 'DEPOSITO EN EFECTIVO', 1));
  });

  it('refuses a sheet without date, description and amount columns', () => {
    expect(() => readCartola(sheet(['Fecha', 'Monto'], ['01/12/2026', '1.000']))).toThrow(
      collectionsMsg.cartolaMissingColumns,
    );
  });
});

describe('RUTs and folios in a description', () => {
  it('finds RUTs with or without dots and dash, only when the check digit holds', () => {
    expect(rutsIn('TRANSF 76.543.210-3 EMPRESA')).toEqual(['76.543.210-3']);
    expect(rutsIn('TRANSF 765432103 EMPRESA')).toEqual(['76.543.210-3']);
    expect(rutsIn('TRANSF 76543210-3')).toEqual(['76.543.210-3']);
    expect(rutsIn('TRANSF 12.345.678-k de otra')).toEqual([]);
    expect(rutsIn('TRANSF 76.543.210-4 (dígito malo)')).toEqual([]);
    expect(rutsIn('RUT 76.543.210- sin dígito')).toEqual([]);
  });

  it('finds whole numbers that may be folios, not pieces of amounts', () => {
    expect(numbersIn('PAGO FACT 4521 Y 88')).toEqual([4521, 88]);
    expect(numbersIn('MONTO 1.234.567')).toEqual([]);
  });
});

describe('proposing a company for a deposit', () => {
  const index = matchIndex(
    [
      { id: 1, name: 'Uno SpA', rut: '76.543.210-3' },
      { id: 2, name: 'Dos Ltda', rut: '11.111.111-1' },
    ],
    [
      { id: 10, businessId: 2, open: 119_000, folio: 4521 },
      { id: 11, businessId: 2, open: 50_000, folio: 4522 },
      { id: 12, businessId: 1, open: 50_000, folio: null },
    ],
  );

  it('proposes by RUT first, saying so', () => {
    expect(proposeMatch({ description: 'TRANSF 765432103', amount: 119_000, rut: null }, index)).toEqual({
      businessId: 1,
      businessName: 'Uno SpA',
      chargeId: null,
      reason: 'rut',
      reasonText: collectionsMsg.proposalRut('76.543.210-3'),
    });
  });

  it('then by the amount of exactly one open charge, then by a folio', () => {
    expect(proposeMatch({ description: 'TRANSFERENCIA', amount: 119_000, rut: null }, index)).toMatchObject({
      businessId: 2,
      chargeId: 10,
      reason: 'amount',
    });
    expect(proposeMatch({ description: 'PAGO FACTURA 4522', amount: 50_000, rut: null }, index)).toMatchObject({
      businessId: 2,
      chargeId: 11,
      reason: 'folio',
      reasonText: collectionsMsg.proposalFolio(4522),
    });
    expect(proposeMatch({ description: 'TRANSFERENCIA', amount: 50_000, rut: null }, index)).toBeNull();
  });
});
