/** Spanish texts of 'Buscar titular', 'Exportar' and 'Suprimir' (a data subject's rights, Ley 21.719). */
export const dataSubjectsMsg = {
  title: 'Buscar titular',
  intro:
    'Busque a una persona por su correo, su RUT o su nombre en usuarios, empresas, notas, mensajes, correos enviados, documentos y el registro de actividad. Puede exportar todo lo encontrado o suprimirlo.',
  searchBy: 'Buscar por',
  termLabel: 'Correo, RUT o nombre',
  termPlaceholder: { email: 'nombre@dominio.cl', rut: '12.345.678-5', name: 'Nombre y apellido' },
  search: 'Buscar',
  export: 'Exportar',
  exportHint: 'Un .zip con un JSON (portabilidad) y una planilla Excel legible, una hoja por lugar',
  suppress: 'Suprimir',

  // Reading what was typed.
  termRequired: 'Escriba el correo, el RUT o el nombre que busca',
  termTooLong: (max: number) => `Escriba como máximo ${max} caracteres`,
  emailInvalid: 'Escriba un correo válido, como nombre@dominio.cl',
  nameTooShort: (min: number) => `Escriba al menos ${min} letras del nombre`,
  rutInvalid: 'No es un RUT válido: escríbalo como 12.345.678-5, con o sin puntos y guion',
  rutWithoutCheckDigit: (body: string) =>
    `Falta el dígito verificador del RUT ${body}: escríbalo después de un guion (por ejemplo ${body}-5)`,
  rutWrongCheckDigit: (body: string) =>
    `El dígito verificador no corresponde al RUT ${body}: revise el número después del guion`,

  // The answer.
  nothingFound: 'No se encontró nada sobre esa persona',
  found: (count: number) =>
    count === 1 ? 'Se encontró 1 registro' : `Se encontraron ${count.toLocaleString('es-CL')} registros`,
  foundMore: (count: number) =>
    `Se encontraron más de ${count.toLocaleString('es-CL')} registros: la búsqueda es muy amplia para nombrar a una sola persona; busque por correo, RUT o nombre completo`,
  moreThan: (count: number) => `Más de ${count.toLocaleString('es-CL')}`,
  moreThanCounted: (shown: number, count: number) =>
    `Se muestran ${shown} de más de ${count.toLocaleString('es-CL')}; la exportación los incluye todos`,
  moreThanShown: (shown: number, count: number) =>
    `Se muestran ${shown} de ${count.toLocaleString('es-CL')}; la exportación los incluye todos`,
  openPlace: 'Abrir',
  alsoSearched: 'También se buscó por el correo y el nombre de la cuenta encontrada',

  // Suppression.
  suppressTitle: 'Suprimir los datos de esta persona',
  suppressIntro:
    'Se reemplazará su nombre, correo y RUT por un seudónimo en todos los lugares encontrados y se desactivará su cuenta de cliente. Se conservan los documentos tributarios y lo que la ley obliga a guardar. No se puede deshacer.',
  suppressConfirm: 'Suprimir definitivamente',
  suppressCancel: 'Cancelar',
  suppressedTitle: 'Datos suprimidos',
  suppressedAs: (pseudonym: string) =>
    `La persona figura ahora como «${pseudonym}» en todos los lugares donde se la nombraba. Abajo, lo que se eliminó o reemplazó y lo que se conservó, con su motivo.`,
  suppressed: (pseudonym: string) => `Datos suprimidos: la persona figura ahora como «${pseudonym}»`,
  removedTitle: 'Se eliminó o reemplazó',
  keptTitle: 'Se conservó, y por qué',
  nothingRemoved: 'Nada que eliminar',
  nothingKept: 'Nada que conservar',
  refusedStaff: (name: string) =>
    `No se puede suprimir a ${name}: es parte del equipo del estudio. Si dejó el estudio, elimine primero su usuario en Usuarios`,
  refusedLastOwner: (name: string) =>
    `No se puede suprimir a ${name}: es el último dueño del estudio y la aplicación quedaría sin administrador`,
  refusedSeveralAccounts: (count: number) =>
    `La búsqueda encontró ${count} cuentas de usuario distintas: busque por correo para suprimir a una sola persona`,
  refusedActivityRights:
    'La base de datos no permite reemplazar nombres en el registro de actividad: dé a la aplicación el permiso UPDATE (actor_name, record_label, details) sobre la tabla activity (ver README) y vuelva a intentarlo. No se suprimió nada',
  suppressFailed: 'No se pudo suprimir',
  exportFailed: 'No se pudo exportar',

  /** Shown on a document kept after its uploader's data was suppressed. */
  taxRetention: 'Conservado por obligación tributaria (Código Tributario, 6 años)',
} as const;

/** The places searched, with the name the answer and the export give each. */
export const SUBJECT_PLACES = {
  users: 'Usuarios',
  companies: 'Empresas (contactos, representante legal, RUT)',
  notes: 'Notas',
  messages: 'Mensajes',
  emails: 'Correos enviados',
  documents: 'Documentos subidos',
  activity: 'Registro de actividad',
} as const;
export type SubjectPlace = keyof typeof SUBJECT_PLACES;
export const SUBJECT_PLACE_LIST = Object.keys(SUBJECT_PLACES) as SubjectPlace[];
