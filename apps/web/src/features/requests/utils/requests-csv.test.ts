import type { RequestSummary } from '@app/shared/schemas/requests';
import { describe, expect, it } from 'vitest';
import { csvCell, requestsCsv } from './requests-csv';

const row = (overrides: Partial<RequestSummary>): RequestSummary => ({
  id: 1,
  business: { id: 1, name: 'Panadería Los Aromos', rut: '76.086.428-5' },
  year: 2026,
  month: 3,
  title: 'Documentos de marzo',
  dueDate: '2026-04-10',
  service: { id: 10, name: 'Contabilidad' },
  state: 'parcial',
  missing: 2,
  toReview: 1,
  itemCount: 3,
  createdAt: '2026-04-01T12:00:00.000Z',
  ...overrides,
});

describe('the CSV of /solicitudes', () => {
  it('starts with the BOM, separates by ;, dates DD-MM-YYYY, one line per row in the order given', () => {
    const text = requestsCsv([
      row({}),
      row({
        id: 2,
        business: { id: 2, name: 'Ferretería El Roble', rut: '77.123.456-7' },
        service: null,
        state: 'atrasada',
        dueDate: '2026-03-31',
        missing: 1,
        toReview: 0,
        itemCount: 1,
      }),
    ]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Empresa;RUT;Título;Servicio;Vence;Estado;Recibidos;Documentos;Por revisar',
      'Panadería Los Aromos;76.086.428-5;Documentos de marzo;Contabilidad;10-04-2026;Parcial;1;3;1',
      'Ferretería El Roble;77.123.456-7;Documentos de marzo;;31-03-2026;Atrasada;0;1;0',
      '',
    ]);
  });

  it('has only the header for no rows', () => {
    expect(requestsCsv([])).toBe('\uFEFFEmpresa;RUT;Título;Servicio;Vence;Estado;Recibidos;Documentos;Por revisar\r\n');
  });

  it('quotes a cell holding the separator, a quote or a line break', () => {
    expect(csvCell('Aromos; sucursal')).toBe('"Aromos; sucursal"');
    expect(csvCell('El "Roble"')).toBe('"El ""Roble"""');
    expect(csvCell('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvCell('Sin nada raro')).toBe('Sin nada raro');
  });

  it('keeps a text a spreadsheet would run as a formula as plain text; numbers stay numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+56 9 1234')).toBe("'+56 9 1234");
    expect(csvCell('-resta')).toBe("'-resta");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(12)).toBe('12');
  });
});
