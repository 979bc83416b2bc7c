/** Spanish texts of the calendar ('Calendario'). */
export const calendarMsg = {
  /** Said to everyone (server answers included): no variable names, nothing to do for a collaborator. */
  notConfigured: 'La integración con Google Calendar no está configurada: el calendario se muestra sin eventos.',
  /** The set-up hint, for owners only. */
  notConfiguredHint:
    'Para activarla, define GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET en la configuración del servidor y reinícialo. Luego vincula la cuenta de Google aquí.',
  notLinked: 'No hay una cuenta de Google vinculada',
  relinkNeeded: 'Google ya no acepta la cuenta vinculada. Vuelve a vincular la cuenta de Google.',
  invalidCode: 'Google rechazó la autorización. Inténtalo de nuevo desde “Vincular cuenta”.',
  invalidState: 'La autorización no corresponde a tu sesión. Inténtalo de nuevo desde “Vincular cuenta”.',
  /** The OAuth state is single-use: a second use (a replayed or reloaded return) is refused. */
  stateUsed: 'Esta autorización ya se usó. Inténtalo de nuevo desde “Vincular cuenta”.',
  googleUnavailable: 'No se pudo contactar a Google Calendar. Inténtalo más tarde.',
  calendarNotFound: 'El calendario no existe',
  invalidTime: 'La fecha no es válida',
  linked: 'Cuenta de Google vinculada',
  calendarSaved: 'Calendario actualizado',

  // Web-only texts.
  title: 'Calendario',
  calendarsCard: 'Calendarios',
  calendarsFailed: 'No se pudieron cargar los calendarios',
  linkAccount: 'Vincular cuenta',
  relinkAccount: 'Volver a vincular',
  noCalendars: 'La cuenta vinculada no tiene calendarios.',
  today: 'Hoy',
  eventsFailed: 'No se pudieron cargar los eventos',
  home: 'Inicio',
  loadingEvents: 'Cargando eventos',
  linkedAs: 'Cuenta vinculada:',
  relinkAskOwner: 'Pide a un usuario Dueño que vuelva a vincular la cuenta de Google.',
  linkFailed: 'No se pudo vincular la cuenta de Google',
  linking: 'Vinculando la cuenta de Google…',
  notConfiguredTitle: 'Google Calendar no está configurado',
  relinkTitle: 'Cuenta de Google desvinculada',
  previousWeek: 'Semana anterior',
  nextWeek: 'Semana siguiente',
  previousDay: 'Día anterior',
  nextDay: 'Día siguiente',
  calendarRegion: 'Calendario de eventos',
} as const;
