import { describe, expect, it } from 'vitest';
import { dueDateForWith } from './due-dates.ts';
import { dueDateFor, isChileanHoliday } from './due-dates-cl.ts';
import {
  CATALOGUE_KEYS,
  catalogueDifferences,
  catalogueEntry,
  suggestedCatalogueKeys,
  TAX_CATALOGUE,
} from './tax-catalogue.ts';

const definition = (key: string) => {
  const entry = catalogueEntry(key);
  if (!entry) throw new Error(`no entry ${key}`);
  return entry.definition;
};
const paper = { electronicFiling: false };
const online = { electronicFiling: true };

describe('the tax catalogue', () => {
  it('has the stable keys the yearly calendar and the suggestions name', () => {
    expect(CATALOGUE_KEYS).toEqual([
      'f29',
      'previred',
      'lre',
      'f50',
      'f22',
      'dj-1835',
      'dj-1847',
      'dj-1879',
      'dj-1887',
      'dj-1926',
      'dj-1948',
      'patente-municipal',
    ]);
  });

  it('gives every request item a folder of its own entry, and every entry distinct names', () => {
    for (const entry of TAX_CATALOGUE) {
      const folders = new Set(entry.definition.folders.map((folder) => folder.name));
      for (const template of entry.definition.requestTemplates) {
        for (const item of template.items) expect(folders.has(item.folder), `${entry.key}: ${item.folder}`).toBe(true);
        // A loaded template never mails clients by itself.
        expect(template.sendDay).toBeNull();
      }
    }
    expect(new Set(TAX_CATALOGUE.map((entry) => entry.definition.name)).size).toBe(TAX_CATALOGUE.length);
  });

  it("names each monthly entry's due days in its legal basis, and each entry the public body's site", () => {
    const hosts = new Set(['www.sii.cl', 'www.spensiones.cl', 'www.dt.gob.cl', 'www.chileatiende.gob.cl']);
    for (const entry of TAX_CATALOGUE) {
      expect(hosts.has(new URL(entry.sourceUrl).host), entry.key).toBe(true);
      const { dueDay, dueDayElectronic } = entry.definition;
      // The rule the owner reads beside 'Fuente' states the days the service is loaded with.
      for (const day of [dueDay, dueDayElectronic]) {
        if (day !== null) expect(entry.legalBasis, entry.key).toContain(`${day}`);
      }
    }
    expect(catalogueEntry('previred')?.legalBasis).toContain('aunque sea sábado, domingo o festivo');
  });

  it('sets annual entries to their season without a monthly due day', () => {
    expect(definition('f22')).toMatchObject({ months: ['apr', 'may'], dueDay: null, dueDayElectronic: null });
    expect(definition('dj-1887')).toMatchObject({ months: ['mar', 'apr', 'may', 'jun'], dueDay: null });
    expect(definition('patente-municipal').months).toEqual(['jan', 'jul']);
  });
});

describe('due dates of the catalogue rules', () => {
  it('F29 of September 2026 on paper: day 12 is Monday 12 October, a holiday, so Tuesday 13 October', () => {
    expect(isChileanHoliday('2026-10-12')).toBe(true);
    expect(dueDateFor(definition('f29'), paper, { year: 2026, month: 9 })).toBe('2026-10-13');
  });

  it('F29 of September 2026 online: day 20 is Tuesday 20 October 2026', () => {
    expect(dueDateFor(definition('f29'), online, { year: 2026, month: 9 })).toBe('2026-10-20');
  });

  it('F29 online on a weekend moves to Monday: May 2026 → day 20 June is a Saturday → 22 June', () => {
    expect(dueDateFor(definition('f29'), online, { year: 2026, month: 5 })).toBe('2026-06-22');
  });

  it('F50 falls due as F29 does', () => {
    expect(dueDateFor(definition('f50'), paper, { year: 2026, month: 9 })).toBe('2026-10-13');
    expect(dueDateFor(definition('f50'), online, { year: 2026, month: 9 })).toBe('2026-10-20');
  });

  it('Previred online keeps day 13 even on a Saturday: June 2026 → Monday 13 July; February 2027 → Saturday 13 March', () => {
    expect(dueDateFor(definition('previred'), online, { year: 2026, month: 6 })).toBe('2026-07-13');
    // February 2027 → 13 March 2027 is a Saturday and stays.
    expect(dueDateFor(definition('previred'), online, { year: 2027, month: 2 })).toBe('2027-03-13');
  });

  it('Previred online with "Se corre al día hábil siguiente" on moves Saturday 13 March 2027 to Monday 15', () => {
    const shifted = { ...definition('previred'), dueDayElectronicShift: true };
    expect(dueDateForWith(shifted, online, { year: 2027, month: 2 }, isChileanHoliday)).toBe('2027-03-15');
  });

  it('Previred on paper: day 10 moves past the weekend and the holiday (September 2027 → Sunday 10 October, Monday 11 a holiday → Tuesday 12)', () => {
    expect(dueDateFor(definition('previred'), paper, { year: 2026, month: 10 })).toBe('2026-11-10');
    expect(dueDateFor(definition('previred'), paper, { year: 2027, month: 9 })).toBe('2027-10-12');
  });

  it('the payroll book (LRE) on day 15, moved past a weekend: February 2026 → Sunday 15 March → Monday 16', () => {
    expect(dueDateFor(definition('lre'), paper, { year: 2026, month: 2 })).toBe('2026-03-16');
    expect(dueDateFor(definition('lre'), online, { year: 2026, month: 2 })).toBe('2026-03-16');
  });

  it('annual entries have no monthly due date', () => {
    expect(dueDateFor(definition('f22'), online, { year: 2026, month: 4 })).toBeNull();
  });
});

describe('suggestedCatalogueKeys', () => {
  it('suggests F29 and the patente to a company without a profile', () => {
    expect(suggestedCatalogueKeys({ taxRegime: null, hasEmployees: false })).toEqual(['f29', 'patente-municipal']);
  });

  it('adds Previred, the payroll book and DJ 1887 with employees', () => {
    expect(suggestedCatalogueKeys({ taxRegime: null, hasEmployees: true })).toEqual([
      'f29',
      'previred',
      'lre',
      'dj-1887',
      'patente-municipal',
    ]);
  });

  it('adds F22, DJ 1879 and the balance DJs for 14 A', () => {
    expect(suggestedCatalogueKeys({ taxRegime: '14 A', hasEmployees: false })).toEqual([
      'f29',
      'f22',
      'dj-1847',
      'dj-1879',
      'dj-1926',
      'dj-1948',
      'patente-municipal',
    ]);
  });

  it('leaves the balance DJs out for the transparent Pro Pyme and renta presunta', () => {
    for (const taxRegime of ['14 D N°8 Pro Pyme Transparente', 'Renta presunta'] as const) {
      expect(suggestedCatalogueKeys({ taxRegime, hasEmployees: false })).toEqual([
        'f29',
        'f22',
        'dj-1879',
        'patente-municipal',
      ]);
    }
  });
});

describe('catalogueDifferences', () => {
  it('is empty for the definition itself', () => {
    for (const entry of TAX_CATALOGUE) expect(catalogueDifferences(entry.definition, entry.definition)).toEqual([]);
  });

  it('names each changed field with both sides', () => {
    const f29 = definition('f29');
    const firm = {
      ...f29,
      dueDayElectronic: 21,
      months: f29.months.filter((month) => month !== 'feb'),
      states: f29.states
        .filter((state) => state.name !== 'En preparación')
        .map((state) => (state.name === 'Pagado' ? { ...state, pctProgress: 90 } : state)),
      folders: [...f29.folders, { name: 'Varios', clientCanUpload: false }],
    };
    expect(catalogueDifferences(f29, firm)).toEqual([
      { field: 'Día de vencimiento en línea', catalogue: '20', firm: '21' },
      {
        field: 'Meses activo',
        catalogue: 'todos',
        firm: 'Enero, Marzo, Abril, Mayo, Junio, Julio, Agosto, Septiembre, Octubre, Noviembre, Diciembre',
      },
      {
        field: 'Estado «En preparación»',
        catalogue: 'Amarillo, orden 1, 30 %, sin valor, sin resumen',
        firm: 'no está',
      },
      {
        field: 'Estado «Pagado»',
        catalogue: 'Verde, orden 3, 100 %, sin valor, en resumen',
        firm: 'Verde, orden 3, 90 %, sin valor, en resumen',
      },
      { field: 'Carpeta «Varios»', catalogue: 'no está', firm: 'solo el estudio sube' },
    ]);
  });
});
