import { describe, expect, it } from 'vitest';
import { compareNames, sortByName } from './collator.ts';

describe('the Spanish order of names', () => {
  it('puts an accented initial among its letter, not after Z', () => {
    const names = ['Peluquería Estilo', 'Óptica Visión Clara', 'Zapatería Sur', 'Ñandú Ltda.', 'Nogal SpA', 'árbol'];
    expect([...names].sort(compareNames)).toEqual([
      'árbol',
      'Nogal SpA',
      'Ñandú Ltda.',
      'Óptica Visión Clara',
      'Peluquería Estilo',
      'Zapatería Sur',
    ]);
  });

  it('reads numbers as numbers and breaks ties of accent or case by id', () => {
    const rows = [
      { id: 3, name: 'Empresa 10' },
      { id: 2, name: 'empresa 2' },
      { id: 5, name: 'Óptica' },
      { id: 4, name: 'optica' },
    ];
    expect(
      sortByName(
        rows,
        (row) => row.name,
        (row) => row.id,
      ).map((row) => row.id),
    ).toEqual([2, 3, 4, 5]);
  });
});
