/** Spanish texts of the calendar (spec 2 "Calendario", §9; issue 11). */
export const calendarMsg = {
  notConfigured:
    'La integración con Google Calendar no está configurada. Pide al administrador que defina GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET.',
  notLinked: 'No hay una cuenta de Google vinculada',
  relinkNeeded: 'Google ya no acepta la cuenta vinculada. Vuelve a vincular la cuenta de Google.',
  invalidCode: 'Google rechazó la autorización. Inténtalo de nuevo desde “Vincular cuenta”.',
  invalidState: 'La autorización no corresponde a tu sesión. Inténtalo de nuevo desde “Vincular cuenta”.',
  googleUnavailable: 'No se pudo contactar a Google Calendar. Inténtalo más tarde.',
  calendarNotFound: 'El calendario no existe',
  invalidTime: 'La fecha no es válida',
  linked: 'Cuenta de Google vinculada',
  calendarSaved: 'Calendario actualizado',

  // Web-only texts.
  title: 'Calendario',
  calendarsCard: 'Calendarios',
  linkAccount: 'Vincular cuenta',
  relinkAccount: 'Volver a vincular',
  noCalendars: 'La cuenta vinculada no tiene calendarios.',
  today: 'Hoy',
  eventsFailed: 'No se pudieron cargar los eventos',
} as const;
