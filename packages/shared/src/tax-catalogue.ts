import { MONTH_KEYS, MONTH_NAMES, type MonthKey } from './months.ts';
import { SERVICE_COLORS, type ServiceColor } from './schemas/services.ts';

/**
 * The Chilean tax obligations the app knows ('Cargar obligaciones del SII'): each entry is a whole
 * service definition (states, due days, months, folder templates, monthly e-mails, document-request
 * templates) that an owner loads as a service carrying the entry's `key`. Monthly entries fall due on
 * their day of the month after the period (`due-dates.ts`); annual entries (F22, the DJs, the patente)
 * carry no due day: their months active are the season, and the yearly calendar gives them dates by key.
 *
 * Due days as published: the SII's F29 and F50 on day 12, day 20 for electronic invoicers filing online,
 * both moved to the next business day (a deadline on a non-business day is extended, Código Tributario);
 * Previred on day 10 moved to the next business day, day 13 when declared and paid electronically, which
 * does not move even on a Saturday, Sunday or holiday (Superintendencia de Pensiones); the Libro de
 * Remuneraciones Electrónico on day 15, extended to the next business day (Dirección del Trabajo).
 */

/** 'Régimen tributario' of a company (null: not set). */
export const TAX_REGIMES = [
  '14 A',
  '14 D N°3 Pro Pyme General',
  '14 D N°8 Pro Pyme Transparente',
  'Renta presunta',
  'Otro',
] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

export interface CatalogueState {
  name: string;
  color: ServiceColor;
  order: number;
  pctProgress: number;
  hasValue: boolean;
  showResume: boolean;
}

export interface CatalogueFolder {
  name: string;
  /** 'El cliente puede subir'. */
  clientCanUpload: boolean;
}

export interface CatalogueNotification {
  day: number;
  subject: string;
  message: string;
}

export interface CatalogueRequestTemplate {
  title: string;
  dueDay: number;
  /** null: sent by hand only ('Solicitar a todas'); a loaded template never mails clients by itself. */
  sendDay: number | null;
  /** Each document asked for, filed into the folder template of that name. */
  items: { name: string; folder: string }[];
}

/** What a service is, as the catalogue and the firm's loaded service are compared. */
export interface CatalogueDefinition {
  name: string;
  startMonthDay: number;
  lastMonthDay: number;
  dueDay: number | null;
  dueDayElectronic: number | null;
  dueDayShift: boolean;
  dueDayElectronicShift: boolean;
  months: MonthKey[];
  states: CatalogueState[];
  folders: CatalogueFolder[];
  notifications: CatalogueNotification[];
  requestTemplates: CatalogueRequestTemplate[];
}

export interface CatalogueEntry {
  /** Stable: kept on the loaded service (`catalogueKey`). */
  key: string;
  description: string;
  /** The site of the body that publishes the rule (SII, Superintendencia de Pensiones, Dirección del Trabajo). */
  sourceUrl: string;
  /** The rule itself and the norm it comes from, as the owner reads it beside 'Fuente'. */
  legalBasis: string;
  kind: 'monthly' | 'annual';
  /** The board's column order it is loaded with (the firm may change it; not compared). */
  order: number;
  definition: CatalogueDefinition;
}

const [GREEN, YELLOW, RED, BLUE] = ['#2ECC71', '#F1C40F', '#E74C3C', '#3498DB'] as const;
const ALL_MONTHS: MonthKey[] = [...MONTH_KEYS];

const state = (name: string, color: ServiceColor, order: number, pctProgress: number, extra = {}) => ({
  name,
  color,
  order,
  pctProgress,
  hasValue: false,
  showResume: false,
  ...extra,
});

/** Pendiente → En preparación → Declarado (with the amount) → Pagado. */
const declareAndPayStates = (declared: string, paid: string): CatalogueState[] => [
  state('Pendiente', RED, 0, 0),
  state('En preparación', YELLOW, 1, 30),
  state(declared, BLUE, 2, 70, { hasValue: true, showResume: true }),
  state(paid, GREEN, 3, 100, { showResume: true }),
];

const annualStates = (done: string): CatalogueState[] => [
  state('Pendiente', RED, 0, 0),
  state('En preparación', YELLOW, 1, 50),
  state(done, GREEN, 2, 100, { showResume: true }),
];

const monthly = (
  rest: Omit<CatalogueDefinition, 'startMonthDay' | 'lastMonthDay' | 'months'>,
): CatalogueDefinition => ({ startMonthDay: 1, lastMonthDay: 31, months: ALL_MONTHS, ...rest });

const annual = (name: string, months: MonthKey[], folder: string, done: string): CatalogueDefinition => ({
  name,
  startMonthDay: 1,
  lastMonthDay: 31,
  dueDay: null,
  dueDayElectronic: null,
  dueDayShift: true,
  dueDayElectronicShift: true,
  months,
  states: annualStates(done),
  folders: [{ name: folder, clientCanUpload: false }],
  notifications: [],
  requestTemplates: [],
});

const SII_DJ_URL = 'https://www.sii.cl';
const DJ_SEASON: MonthKey[] = ['mar', 'apr', 'may', 'jun'];

const dj = (number: string, title: string, description: string, order: number): CatalogueEntry => ({
  key: `dj-${number}`,
  description,
  sourceUrl: SII_DJ_URL,
  legalBasis:
    'Resolución del SII de cada declaración jurada; el SII publica cada año sus vencimientos (cárguelos en Calendario AT).',
  kind: 'annual',
  order,
  definition: annual(`DJ ${number} ${title}`, DJ_SEASON, `Declaración Jurada ${number}`, 'Presentada'),
});

export const TAX_CATALOGUE: readonly CatalogueEntry[] = [
  {
    key: 'f29',
    description:
      'Declaración mensual y pago simultáneo de impuestos (IVA, PPM, retenciones). Vence el día 12 del mes siguiente; el 20 para facturadores electrónicos que declaran en línea; se corre al día hábil siguiente.',
    sourceUrl: 'https://www.sii.cl',
    legalBasis:
      'D.L. N° 825 (Ley sobre Impuesto a las Ventas y Servicios), art. 64: hasta el día 12 del mes siguiente; el SII extiende el plazo al día 20 a quienes declaran en línea y facturan electrónicamente.',
    kind: 'monthly',
    order: 10,
    definition: monthly({
      name: 'F29 IVA y PPM',
      dueDay: 12,
      dueDayElectronic: 20,
      dueDayShift: true,
      dueDayElectronicShift: true,
      states: declareAndPayStates('Declarado', 'Pagado'),
      folders: [
        { name: 'Formulario 29', clientCanUpload: false },
        { name: 'Documentos del mes', clientCanUpload: true },
      ],
      notifications: [
        {
          day: 3,
          subject: 'Antecedentes para la declaración de IVA (F29)',
          message:
            'Estimado cliente: le recordamos enviarnos los documentos de compras y ventas del mes anterior que no sean electrónicos, para preparar su declaración de IVA (Formulario 29).',
        },
      ],
      requestTemplates: [
        {
          title: 'Documentos para el F29',
          dueDay: 5,
          sendDay: null,
          items: [
            { name: 'Facturas y boletas de compra no electrónicas', folder: 'Documentos del mes' },
            { name: 'Boletas de honorarios recibidas de terceros', folder: 'Documentos del mes' },
          ],
        },
      ],
    }),
  },
  {
    key: 'previred',
    description:
      'Declaración y pago de cotizaciones previsionales. Vence el día 10 del mes siguiente (se corre al día hábil siguiente); el 13 si se declara y paga electrónicamente, aunque caiga en sábado, domingo o festivo.',
    sourceUrl: 'https://www.spensiones.cl',
    legalBasis:
      'D.L. N° 3.500, art. 19: dentro de los 10 primeros días del mes siguiente, prorrogado al día hábil siguiente si vence en sábado, domingo o festivo; hasta el día 13 si se declara y paga por medio electrónico, aunque sea sábado, domingo o festivo.',
    kind: 'monthly',
    order: 20,
    definition: monthly({
      name: 'Previred cotizaciones',
      dueDay: 10,
      dueDayElectronic: 13,
      dueDayShift: true,
      dueDayElectronicShift: false,
      states: declareAndPayStates('Declarado', 'Pagado'),
      folders: [
        { name: 'Planilla Previred', clientCanUpload: false },
        { name: 'Liquidaciones de sueldo', clientCanUpload: false },
        { name: 'Novedades del personal', clientCanUpload: true },
      ],
      notifications: [
        {
          day: 1,
          subject: 'Novedades de remuneraciones del mes',
          message:
            'Estimado cliente: le recordamos enviarnos las novedades del personal del mes anterior (ingresos, finiquitos, licencias médicas, horas extra, bonos y anticipos) para preparar las remuneraciones y las cotizaciones.',
        },
      ],
      requestTemplates: [
        {
          title: 'Novedades de remuneraciones',
          dueDay: 3,
          sendDay: null,
          items: [
            { name: 'Ingresos y finiquitos del mes', folder: 'Novedades del personal' },
            { name: 'Licencias médicas', folder: 'Novedades del personal' },
            { name: 'Horas extra, bonos y anticipos', folder: 'Novedades del personal' },
          ],
        },
      ],
    }),
  },
  {
    key: 'lre',
    description:
      'Libro de Remuneraciones Electrónico en el portal Mi DT: las remuneraciones pagadas el mes anterior, hasta el día 15; si cae en día inhábil, hasta el día hábil siguiente.',
    sourceUrl: 'https://www.dt.gob.cl',
    legalBasis:
      'Código del Trabajo, art. 62 bis: el Libro de Remuneraciones Electrónico se carga en el sitio de la Dirección del Trabajo dentro de los primeros 15 días de cada mes.',
    kind: 'monthly',
    order: 30,
    definition: monthly({
      name: 'Libro de Remuneraciones Electrónico',
      dueDay: 15,
      dueDayElectronic: null,
      dueDayShift: true,
      dueDayElectronicShift: true,
      states: [state('Pendiente', RED, 0, 0), state('Cargado', GREEN, 1, 100, { showResume: true })],
      folders: [{ name: 'Libro de Remuneraciones Electrónico', clientCanUpload: false }],
      notifications: [],
      requestTemplates: [],
    }),
  },
  {
    key: 'f50',
    description:
      'Declaración mensual y pago simultáneo de otros impuestos (impuesto adicional, impuesto único del artículo 21, entre otros), donde corresponda. Vence como el F29: día 12, o 20 en línea.',
    sourceUrl: 'https://www.sii.cl',
    legalBasis:
      'Ley sobre Impuesto a la Renta, art. 79, y D.L. N° 825: impuestos de declaración mensual no incluidos en el F29, hasta el día 12 del mes siguiente (el día 20 en línea, como el F29).',
    kind: 'monthly',
    order: 40,
    definition: monthly({
      name: 'F50 otros impuestos',
      dueDay: 12,
      dueDayElectronic: 20,
      dueDayShift: true,
      dueDayElectronicShift: true,
      states: declareAndPayStates('Declarado', 'Pagado'),
      folders: [{ name: 'Formulario 50', clientCanUpload: false }],
      notifications: [],
      requestTemplates: [],
    }),
  },
  {
    key: 'f22',
    description: 'Operación Renta: declaración anual de impuestos a la renta (Formulario 22), en abril y mayo.',
    sourceUrl: 'https://www.sii.cl',
    legalBasis:
      'Ley sobre Impuesto a la Renta, art. 69: declaración anual en abril; el SII fija cada año el calendario de la Operación Renta (cárguelo en Calendario AT).',
    kind: 'annual',
    order: 50,
    definition: {
      ...annual('F22 Operación Renta', ['apr', 'may'], 'Formulario 22', 'Declarado'),
      folders: [
        { name: 'Formulario 22', clientCanUpload: false },
        { name: 'Antecedentes de renta', clientCanUpload: true },
      ],
    },
  },
  dj(
    '1835',
    'Arriendo de bienes raíces',
    'Declaración jurada anual sobre bienes raíces arrendados, donde corresponda.',
    61,
  ),
  dj(
    '1847',
    'Balance de 8 columnas',
    'Balance de 8 columnas y otros antecedentes: empresas con contabilidad completa (14 A y 14 D N°3).',
    62,
  ),
  dj(
    '1879',
    'Retenciones de honorarios',
    'Retenciones del artículo 42 N°2 (honorarios) y 48 de la Ley de la Renta, donde corresponda.',
    63,
  ),
  dj('1887', 'Sueldos', 'Sueldos y retenciones del impuesto único (artículo 42 N°1): empresas con trabajadores.', 64),
  dj(
    '1926',
    'Base imponible de primera categoría',
    'Base imponible de primera categoría y datos contables del balance: empresas con contabilidad completa (14 A y 14 D N°3).',
    65,
  ),
  dj(
    '1948',
    'Retiros y dividendos',
    'Retiros, remesas y dividendos distribuidos y sus créditos: régimen 14 A y 14 D N°3.',
    66,
  ),
  {
    key: 'patente-municipal',
    description: 'Patente municipal: pago semestral en enero y julio en la municipalidad.',
    sourceUrl: 'https://www.chileatiende.gob.cl',
    legalBasis:
      'D.L. N° 3.063 (Ley de Rentas Municipales): la patente se paga por semestres, en enero y julio, en la municipalidad donde se ejerce la actividad.',
    kind: 'annual',
    order: 70,
    definition: annual('Patente municipal', ['jan', 'jul'], 'Patente municipal', 'Pagada'),
  },
];

const byKey = new Map(TAX_CATALOGUE.map((entry) => [entry.key, entry]));

/** The entry of a key, or undefined. */
export const catalogueEntry = (key: string): CatalogueEntry | undefined => byKey.get(key);

/** Every key, in the catalogue's order. */
export const CATALOGUE_KEYS = TAX_CATALOGUE.map((entry) => entry.key);

// ---------------------------------------------------------------- which obligations a company has

/** A company's tax profile as the suggestions read it. */
export interface TaxProfile {
  taxRegime: TaxRegime | null;
  hasEmployees: boolean;
}

/** Regimes that keep full accounting (balance DJs 1847 and 1926, retiros DJ 1948). */
const FULL_ACCOUNTING: readonly TaxRegime[] = ['14 A', '14 D N°3 Pro Pyme General'];

/**
 * The catalogue keys that apply to a company by its profile, in the catalogue's order: F29 and the
 * patente always; Previred, the payroll book and DJ 1887 with employees; once a régimen is set, F22
 * and DJ 1879; DJ 1847, 1926 and 1948 for 14 A and 14 D N°3. F50 and DJ 1835 depend on operations
 * the profile does not record: never suggested, loaded and activated by hand.
 */
export function suggestedCatalogueKeys(profile: TaxProfile): string[] {
  const keys = new Set<string>(['f29', 'patente-municipal']);
  if (profile.hasEmployees) for (const key of ['previred', 'lre', 'dj-1887']) keys.add(key);
  if (profile.taxRegime !== null) {
    keys.add('f22');
    keys.add('dj-1879');
    if (FULL_ACCOUNTING.includes(profile.taxRegime)) for (const key of ['dj-1847', 'dj-1926', 'dj-1948']) keys.add(key);
  }
  return CATALOGUE_KEYS.filter((key) => keys.has(key));
}

// ---------------------------------------------------------------- differences

/** One field where the firm's service differs from the catalogue, both sides as shown on screen. */
export interface CatalogueDifference {
  field: string;
  catalogue: string;
  firm: string;
}

const MISSING = 'no está';
const yesNo = (value: boolean) => (value ? 'Sí' : 'No');
const dayText = (day: number | null) => (day === null ? 'sin día' : String(day));
const colorName = (hex: string) => SERVICE_COLORS.find((color) => color.hex === hex)?.name ?? hex;
const monthsText = (months: readonly MonthKey[]) =>
  months.length === 12
    ? 'todos'
    : MONTH_KEYS.filter((key) => months.includes(key))
        .map((key) => MONTH_NAMES[key])
        .join(', ');

const stateText = (row: CatalogueState) =>
  [
    colorName(row.color),
    `orden ${row.order}`,
    `${row.pctProgress} %`,
    row.hasValue ? 'con valor' : 'sin valor',
    row.showResume ? 'en resumen' : 'sin resumen',
  ].join(', ');
const folderText = (row: CatalogueFolder) => (row.clientCanUpload ? 'el cliente puede subir' : 'solo el estudio sube');
const notificationText = (row: CatalogueNotification) => `día ${row.day}: ${row.message}`;
const templateText = (row: CatalogueRequestTemplate) =>
  [
    `vence el día ${row.dueDay}`,
    row.sendDay === null ? 'envío manual' : `se envía el día ${row.sendDay}`,
    row.items.map((item) => `${item.name} (${item.folder})`).join('; '),
  ].join(', ');

/** Compares two named lists: a part missing on either side, or described differently. */
function listDifferences<T>(
  label: string,
  catalogue: readonly T[],
  firm: readonly T[],
  nameOf: (row: T) => string,
  describe: (row: T) => string,
): CatalogueDifference[] {
  const out: CatalogueDifference[] = [];
  const firmByName = new Map(firm.map((row) => [nameOf(row), row]));
  const catalogueNames = new Set(catalogue.map(nameOf));
  for (const row of catalogue) {
    const mine = firmByName.get(nameOf(row));
    const expected = describe(row);
    const actual = mine ? describe(mine) : MISSING;
    if (expected !== actual) out.push({ field: `${label} «${nameOf(row)}»`, catalogue: expected, firm: actual });
  }
  for (const row of firm) {
    if (!catalogueNames.has(nameOf(row))) {
      out.push({ field: `${label} «${nameOf(row)}»`, catalogue: MISSING, firm: describe(row) });
    }
  }
  return out;
}

/**
 * Where the firm's service differs from the catalogue's definition, field by field (empty: identical).
 * The board order is the firm's choice and not compared.
 */
export function catalogueDifferences(catalogue: CatalogueDefinition, firm: CatalogueDefinition): CatalogueDifference[] {
  const out: CatalogueDifference[] = [];
  const scalar = (field: string, expected: string, actual: string) => {
    if (expected !== actual) out.push({ field, catalogue: expected, firm: actual });
  };
  scalar('Nombre', catalogue.name, firm.name);
  scalar('Día inicio', String(catalogue.startMonthDay), String(firm.startMonthDay));
  scalar('Día termino', String(catalogue.lastMonthDay), String(firm.lastMonthDay));
  scalar('Día de vencimiento', dayText(catalogue.dueDay), dayText(firm.dueDay));
  scalar('Día de vencimiento en línea', dayText(catalogue.dueDayElectronic), dayText(firm.dueDayElectronic));
  scalar('Se corre al día hábil siguiente', yesNo(catalogue.dueDayShift), yesNo(firm.dueDayShift));
  scalar(
    'Se corre al día hábil siguiente (en línea)',
    yesNo(catalogue.dueDayElectronicShift),
    yesNo(firm.dueDayElectronicShift),
  );
  scalar('Meses activo', monthsText(catalogue.months), monthsText(firm.months));
  out.push(...listDifferences('Estado', catalogue.states, firm.states, (row) => row.name, stateText));
  out.push(...listDifferences('Carpeta', catalogue.folders, firm.folders, (row) => row.name, folderText));
  out.push(
    ...listDifferences(
      'Correo mensual',
      catalogue.notifications,
      firm.notifications,
      (row) => row.subject,
      notificationText,
    ),
  );
  out.push(
    ...listDifferences(
      'Plantilla de solicitud',
      catalogue.requestTemplates,
      firm.requestTemplates,
      (row) => row.title,
      templateText,
    ),
  );
  return out;
}
