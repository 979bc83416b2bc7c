import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import { SYSTEM_ACTOR } from '../lib/activity-actor.ts';
import type { DemoServices } from './demo-services.ts';
import { DEMO_PASSWORD, STAFF } from './users.demo.ts';

interface DemoCompany {
  name: string;
  razonSocial: string;
  /** RUT body; the check digit is computed. */
  body: number;
  startContract: string;
  endContract: string;
  legalRepresentative: string;
  domain: string;
}

const COMPANIES: DemoCompany[] = [
  ['Panadería Los Aromos', 'Panadería Los Aromos SpA', 76086428, '2021-03-01', 'Marcela Fuentes', 'losaromos.cl'],
  ['Ferretería El Roble', 'Comercial El Roble Ltda.', 77123456, '2020-01-01', 'Jorge Araya', 'ferreteriaelroble.cl'],
  ['Transportes Cordillera', 'Transportes Cordillera SpA', 76543210, '2022-06-01', 'Patricio Vega', 'tcordillera.cl'],
  [
    'Clínica Dental Sonrisa',
    'Servicios Odontológicos Sonrisa SpA',
    76901234,
    '2021-09-01',
    'Daniela Pizarro',
    'dentalsonrisa.cl',
  ],
  [
    'Viña Santa Inés',
    'Agrícola y Vitivinícola Santa Inés S.A.',
    96790240,
    '2019-05-01',
    'Ignacio Errázuriz',
    'santaines.cl',
  ],
  ['Constructora Andes Sur', 'Constructora Andes Sur Ltda.', 78234567, '2020-08-01', 'Rodrigo Salinas', 'andessur.cl'],
  ['Café Puerto Montt', 'Cafetería Puerto Montt SpA', 76345678, '2023-01-01', 'Camila Oyarzún', 'cafepuertomontt.cl'],
  [
    'Librería Gabriela',
    'Librería y Papelería Gabriela EIRL',
    76456789,
    '2022-02-01',
    'Gabriela Contreras',
    'libreriagabriela.cl',
  ],
  [
    'Taller Mecánico Don Lucho',
    'Servicios Automotrices Don Lucho SpA',
    77567890,
    '2021-11-01',
    'Luis Morales',
    'donlucho.cl',
  ],
  [
    'Botillería La Esquina',
    'Comercializadora La Esquina Ltda.',
    76678901,
    '2020-04-01',
    'Claudia Rivas',
    'laesquina.cl',
  ],
  [
    'Inmobiliaria Costa Azul',
    'Inmobiliaria Costa Azul S.A.',
    96512345,
    '2019-01-01',
    'Francisco Larraín',
    'costaazul.cl',
  ],
  ['Pastelería Dulce Hogar', 'Pastelería Dulce Hogar SpA', 76789012, '2023-04-01', 'Francisca Tapia', 'dulcehogar.cl'],
  [
    'Agrícola Valle Verde',
    'Sociedad Agrícola Valle Verde Ltda.',
    78890123,
    '2018-07-01',
    'Sergio Bustos',
    'valleverde.cl',
  ],
  ['Óptica Visión Clara', 'Óptica Visión Clara SpA', 76890123, '2022-09-01', 'Paulina Sepúlveda', 'visionclara.cl'],
  [
    'Farmacia San Rafael',
    'Farmacia San Rafael Ltda.',
    77901234,
    '2021-01-01',
    'Cristián Navarro',
    'farmaciasanrafael.cl',
  ],
  [
    'Gimnasio Fuerza Total',
    'Centro Deportivo Fuerza Total SpA',
    76012345,
    '2023-06-01',
    'Nicolás Herrera',
    'fuerzatotal.cl',
  ],
  ['Restaurante El Fogón', 'Gastronomía El Fogón SpA', 76123457, '2020-10-01', 'Verónica Castro', 'elfogon.cl'],
  ['Estudio Jurídico Lex', 'Asesorías Jurídicas Lex Ltda.', 77234568, '2019-03-01', 'Andrés Carrasco', 'estudiolex.cl'],
  ['Imprenta Gráfica Sur', 'Imprenta Gráfica Sur EIRL', 76345679, '2022-01-01', 'Héctor Muñoz', 'graficasur.cl'],
  ['Lavandería Espuma', 'Servicios de Lavandería Espuma SpA', 76456780, '2024-01-01', 'Soledad Reyes', 'espuma.cl'],
  [
    'Distribuidora Norte Grande',
    'Distribuidora Norte Grande S.A.',
    96678902,
    '2018-02-01',
    'Marco Cortés',
    'nortegrande.cl',
  ],
  ['Peluquería Estilo Propio', 'Estilo Propio SpA', 76567891, '2023-08-01', 'Javiera Figueroa', 'estilopropio.cl'],
  ['Veterinaria Patitas', 'Clínica Veterinaria Patitas SpA', 76678902, '2021-05-01', 'Felipe Guzmán', 'patitas.cl'],
  ['Carpintería Los Alerces', 'Carpintería Los Alerces Ltda.', 77789013, '2020-06-01', 'Raúl Cárcamo', 'losalerces.cl'],
  ['Minimarket Don Pepe', 'Comercial Don Pepe EIRL', 76890124, '2022-11-01', 'José Ramírez', 'donpepe.cl'],
  ['Consultora Horizonte', 'Consultora Horizonte SpA', 76901235, '2023-02-01', 'Alejandra Vidal', 'horizonte.cl'],
  [
    'Pesquera Bahía Quintero',
    'Pesquera Bahía Quintero S.A.',
    96012346,
    '2017-09-01',
    'Manuel Ortiz',
    'bahiaquintero.cl',
  ],
  [
    'Jardín Infantil Semillita',
    'Educacional Semillita Ltda.',
    77123457,
    '2021-03-01',
    'Carolina Álvarez',
    'semillita.cl',
  ],
  ['Hostal Chiloé Mágico', 'Turismo Chiloé Mágico SpA', 76234568, '2022-10-01', 'Pedro Barrientos', 'chiloemagico.cl'],
  ['Electricidad Rayo', 'Instalaciones Eléctricas Rayo Ltda.', 77345679, '2020-03-01', 'Eduardo Saavedra', 'rayo.cl'],
].map(([name, razonSocial, body, startContract, legalRepresentative, domain], index) => ({
  name: name as string,
  razonSocial: razonSocial as string,
  body: body as number,
  startContract: startContract as string,
  // A few contracts ended already, so /api/business/active has something to leave out.
  endContract: index % 9 === 8 ? '2023-12-31' : '2030-12-31',
  legalRepresentative: legalRepresentative as string,
  domain: domain as string,
}));

const rutOf = (body: number) => formatRut(`${body}${computeRutCheckDigit(body)}`);

/** Which demo services a company has: IVA for all, payroll for two out of three, bookkeeping for every other. */
function servicesFor(index: number, names: string[]): string[] {
  return names.filter((name) => {
    if (name === 'IVA mensual (F29)') return true;
    if (name === 'Remuneraciones (Previred)') return index % 3 !== 2;
    if (name === 'Contabilidad') return index % 2 === 0;
    return index % 4 === 0;
  });
}

/**
 * Demo companies with valid RUTs, their links to the demo services, a few client users
 * (password demo1234), SII/Previred credentials and two groups. Skips what is already there.
 */
export async function seedDemoCompanies(features: DemoServices): Promise<string> {
  const { businesses, businessServices, services, credentials, groups, users } = features;
  const staff = await users.listStaff();
  const owner = staff.find((user) => user.role === 'owner');
  const demoStaffEmails = new Set<string>(STAFF.map((user) => user.email));
  const demoStaff = staff.filter((user) => demoStaffEmails.has(user.email));
  if (!owner) throw new Error('no owner');
  const actor = { id: owner.id, role: owner.role, businessId: null, sessionId: 'demo' };

  const existing = new Map((await businesses.list()).map((row) => [row.rut, row]));
  const serviceRows = (await services.list('order')).map(({ service }) => service);
  const idByRut = new Map<string, number>();
  let createdCompanies = 0;
  let createdLinks = 0;
  let createdCredentials = 0;

  for (const [index, company] of COMPANIES.entries()) {
    const rut = rutOf(company.body);
    let row = existing.get(rut);
    if (!row) {
      row = await businesses.create(
        {
          name: company.name,
          razonSocial: company.razonSocial,
          rut,
          startContract: company.startContract,
          endContract: company.endContract,
          legalRepresentative: company.legalRepresentative,
          contact: `contacto@${company.domain},pagos@${company.domain}`,
          // A few still file on paper (the earlier due day applies); owners spread among the staff.
          electronicFiling: index % 6 !== 2,
          responsibleUserId: demoStaff[index % demoStaff.length]?.id ?? null,
          taxRegime: index % 3 === 0 ? '14 A' : '14 D N°3 Pro Pyme General',
          hasEmployees: index % 4 !== 3,
          vatDeferred: false,
          trackingSince: null,
        },
        SYSTEM_ACTOR,
      );
      createdCompanies += 1;

      for (const name of servicesFor(
        index,
        serviceRows.map((service) => service.name),
      )) {
        const service = serviceRows.find((candidate) => candidate.name === name);
        if (!service) continue;
        await businessServices.activate(
          row.id,
          { serviceId: service.id, startDate: company.startContract },
          SYSTEM_ACTOR,
        );
        createdLinks += 1;
      }

      await credentials.create(
        {
          businessId: row.id,
          user: rut,
          portal: 'sii',
          password: `Sii-${company.body % 10_000}-demo`,
          description: 'Clave tributaria SII',
        },
        SYSTEM_ACTOR,
      );
      createdCredentials += 1;
      if (index % 3 !== 2) {
        await credentials.create(
          {
            businessId: row.id,
            user: `rrhh@${company.domain}`,
            portal: 'previred',
            password: `Previred-${company.body % 1000}`,
            description: 'Cotizaciones previsionales',
          },
          SYSTEM_ACTOR,
        );
        createdCredentials += 1;
      }
    }
    idByRut.set(rut, row.id);
  }

  // Client users of the first companies.
  let createdUsers = 0;
  for (const company of COMPANIES.slice(0, 5)) {
    const email = `cliente@${company.domain}`;
    if (await users.findByEmail(email)) continue;
    const [firstName = 'Cliente', lastName = ''] = company.legalRepresentative.split(' ');
    await users.create(
      actor,
      {
        name: firstName,
        lastName,
        email,
        role: 'client',
        businessId: idByRut.get(rutOf(company.body)) ?? null,
        allowCalendarView: false,
        password: DEMO_PASSWORD,
      },
      SYSTEM_ACTOR,
    );
    createdUsers += 1;
  }

  // Two groups.
  const groupNames = new Set((await groups.list()).map((group) => group.name));
  const idsOf = (names: string[]) =>
    COMPANIES.filter((company) => names.includes(company.name))
      .map((company) => idByRut.get(rutOf(company.body)))
      .filter((id): id is number => id !== undefined);
  const demoGroups = [
    {
      name: 'Alimentos y gastronomía',
      description: 'Panaderías, cafeterías y restaurantes',
      businessesIds: idsOf([
        'Panadería Los Aromos',
        'Café Puerto Montt',
        'Pastelería Dulce Hogar',
        'Restaurante El Fogón',
        'Minimarket Don Pepe',
      ]),
    },
    {
      name: 'Grandes contribuyentes',
      description: 'Sociedades anónimas con revisión mensual',
      businessesIds: idsOf([
        'Viña Santa Inés',
        'Inmobiliaria Costa Azul',
        'Distribuidora Norte Grande',
        'Pesquera Bahía Quintero',
      ]),
    },
  ];
  let createdGroups = 0;
  for (const group of demoGroups) {
    if (groupNames.has(group.name)) continue;
    await groups.create(group, SYSTEM_ACTOR);
    createdGroups += 1;
  }

  return (
    `Empresas: ${createdCompanies} creadas (${createdLinks} servicios vinculados, ${createdCredentials} contraseñas), ` +
    `${createdUsers} usuarios cliente (contraseña ${DEMO_PASSWORD}), ${createdGroups} grupos.`
  );
}
