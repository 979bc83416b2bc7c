import { describe, expect, it } from 'vitest';
import { filterBusinesses } from './business-filter';

const rows = [
  { id: 1, name: 'Panadería Los Aromos', rut: '76.086.428-5' },
  { id: 2, name: 'Ferretería El Roble', rut: '77.123.456-7' },
];
const ids = (search: string, group: number[] | null = null) =>
  filterBusinesses(rows, search, group ? new Set(group) : null, (row) => row).map((row) => row.id);

describe('filtering a board’s companies', () => {
  it('finds a company by name without accents or case, and by RUT with or without dots and dash', () => {
    expect(ids('PANADERIA')).toEqual([1]);
    expect(ids('77123456')).toEqual([2]);
    expect(ids('76.086')).toEqual([1]);
    expect(ids('4567')).toEqual([2]);
  });

  it('keeps only the chosen group’s companies, and searches within them', () => {
    expect(ids('', [2])).toEqual([2]);
    expect(ids('panaderia', [2])).toEqual([]);
  });

  it('keeps every row when there is neither search nor group', () => {
    expect(ids('  ')).toEqual([1, 2]);
  });
});
