import { describe, expect, it } from 'vitest';
import { offeredResponsible, rowsOfResponsible, sortRowsBy } from './board-filter-rows';

const staff = [
  { id: 3, name: 'Javier Pérez' },
  { id: 4, name: 'Carolina Soto' },
];

describe("the 'Encargado' filter", () => {
  it('applies the own id, none, and a staff member; an unknown id once the staff are known is no filter', () => {
    expect(offeredResponsible(9, 9, staff)).toBe(9);
    expect(offeredResponsible('none', 9, staff)).toBe('none');
    expect(offeredResponsible(4, 9, staff)).toBe(4);
    expect(offeredResponsible(999, 9, staff)).toBeNull();
    expect(offeredResponsible(999, 9, undefined)).toBe(999);
    expect(offeredResponsible(null, 9, staff)).toBeNull();
  });

  it("keeps the companies of that owner, those without one for 'none', all for null", () => {
    const rows = [
      { id: 1, owner: 3 },
      { id: 2, owner: null },
      { id: 3, owner: 4 },
      { id: 4, owner: 3 },
    ];
    const ownerOf = (row: (typeof rows)[number]) => row.owner;
    expect(rowsOfResponsible(rows, 3, ownerOf).map((row) => row.id)).toEqual([1, 4]);
    expect(rowsOfResponsible(rows, 'none', ownerOf).map((row) => row.id)).toEqual([2]);
    expect(rowsOfResponsible(rows, null, ownerOf)).toBe(rows);
  });
});

describe('sorting rows by a rank', () => {
  it('puts the lowest rank first, rows without one last, ties by name (accents and case aside)', () => {
    const rows = [
      { name: 'zeta', rank: 1 },
      { name: 'Ñandú', rank: undefined },
      { name: 'Álamo', rank: 2 },
      { name: 'beta', rank: 1 },
      { name: 'alfa', rank: undefined },
      { name: 'Omega', rank: 0 },
    ];
    const sorted = sortRowsBy(
      rows,
      (row) => row.rank,
      (row) => row.name,
    );
    expect(sorted.map((row) => row.name)).toEqual(['Omega', 'beta', 'zeta', 'Álamo', 'alfa', 'Ñandú']);
    expect(rows[0]?.name).toBe('zeta');
  });

  it('ties by the Spanish order of names: ñ after n, numbers as numbers', () => {
    const rows = [
      { name: 'Ñandú Ltda.', rank: 1 },
      { name: 'Nogal SpA', rank: 1 },
      { name: 'Empresa 10', rank: 1 },
      { name: 'Empresa 2', rank: 1 },
      { name: 'Peluquería Estilo', rank: 1 },
      { name: 'Óptica Visión Clara', rank: 1 },
    ];
    expect(
      sortRowsBy(
        rows,
        (row) => row.rank,
        (row) => row.name,
      ).map((row) => row.name),
    ).toEqual(['Empresa 2', 'Empresa 10', 'Nogal SpA', 'Ñandú Ltda.', 'Óptica Visión Clara', 'Peluquería Estilo']);
  });
});
