/** Spanish texts shared by the API and the web app; the established wording, kept exactly (typos included). */
export const msg = {
  /** A failed load, everywhere: its message, then these two ways on. */
  retry: 'Reintentar',
  backHome: 'Volver al inicio',
  pageNotFound: 'Página no encontrada',
  pageNotFoundText: 'La dirección no corresponde a ninguna pantalla.',
  required: 'Campo requerido',
  /** Every 'Exportar a Excel': lists and boards. */
  exportToExcel: 'Exportar a Excel',
  exportFailed: 'No se pudo exportar a Excel',
  requiredField: 'Este campo es requerido',
  invalidEmail: 'Debe ser un email válido',
  recoverInvalidEmail: 'Este campo debe se un email válido',
  // Three wordings of one rule, the users', the company users' and the recovery form's: 8 characters or more.
  passwordMinUser: 'La contraseña debe tener 8 o más caracteres',
  passwordMinClient: 'La contraseña debe contener 8 o más caracteres',
  passwordMinRecover: 'La contraseña debe contener 8 caracteres o más',
  passwordMax: 'La contraseña debe tener 128 caracteres o menos',
  passwordBlank: 'La contraseña no puede ser solo espacios',
  passwordsDontMatchUser: 'La contraseña no coinciden',
  passwordsDontMatch: 'La contraseña no coincide',
  emailExists: 'El email ya existe',
  businessNotFound: 'La empresa no existe',

  loginFailed: 'Correo o contraseña inválido',
  tooManyAttempts: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  /** The throttles' 429: how long until their window ends, in whole minutes (rounded up). */
  tooManyAttemptsWait: (minutes: number) =>
    `Demasiados intentos. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e inténtalo de nuevo.`,
  /**
   * The recovery request's one answer: the same for a known and an unknown address, and true whether
   * the mail leaves the server or stays in its outbox (no SMTP_URL), so it promises no delivery.
   */
  recoverRequested:
    'Si el correo corresponde a una cuenta, te enviaremos un enlace para crear una nueva contraseña. Si no te llega en unos minutos, revisa la carpeta de spam o pide ayuda al administrador del estudio.',
  recoverFailed: 'Error al enviar email, verifique si su email es correcto',
  passwordChanged: 'La contraseña actualizada correctamente',
  tokenInvalid: 'El token no es válido o ya ha caducado',

  unauthorized: 'Debes iniciar sesión',
  forbidden: 'No tienes permiso para realizar esta acción',
  notFound: 'Recurso no encontrado',
  badRequest: 'La solicitud no es válida',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  tooLarge: 'La solicitud es demasiado grande',
  /** A path part longer than any the app makes (a mangled link): 414, without echoing it. */
  uriTooLong: 'La dirección es demasiado larga',
  unsupportedMediaType: 'Tipo de contenido no soportado',
  internal: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  /** The database cannot be reached for a moment (a restart, a failover): 503, nothing of the request was kept. */
  databaseUnavailable: 'La base de datos no responde en este momento. Inténtalo de nuevo en unos segundos.',

  // Plain wording for input no form would send (shared field rules, zod's generic issues).
  forbiddenChars: 'El texto contiene caracteres no permitidos',
  invalidId: 'El identificador no es válido',
  notANumber: 'Debe ser un número',
  notAnInteger: 'Debe ser un número entero',
  numberTooLarge: 'El número es demasiado grande',
  numberTooSmall: 'El número es demasiado pequeño',
  dateOutOfRange: 'La fecha debe estar entre los años 1900 y 2100',
  /** A typed date that does not exist (31-02-2026): kept in the input and named, not cleared. */
  dateInvalid: 'Fecha inválida',
  notText: 'Debe ser un texto',
  notBoolean: 'Debe ser verdadero o falso',
  notAList: 'Debe ser una lista',
  notAnObject: 'Debe ser un objeto',
  invalidOption: 'Debe elegir una opción válida',
  invalidValue: 'El valor no es válido',
  pushEndpointInvalid: 'La suscripción de notificaciones debe usar una dirección https pública',

  userCreated: 'El usuario ha sido creado exitosamente',
  userEdited: 'El usuario se editó correctamente',
  userDeleted: 'El usuario se eliminó correctamente',
  userDeleteFailed: 'No se pudo eliminar el usuario',
  cannotDeleteSelf: 'No puedes eliminar tu propio usuario',
  cannotRemoveLastOwner: 'Debe existir al menos un usuario Dueño',
  accountSuppressed: 'Esta cuenta fue desactivada al suprimir los datos de su titular y ya no se puede modificar',
  /** A user other records still name (a task's responsible): reassign those first. */
  userIsResponsible: 'El usuario es responsable de tareas: asigna otro responsable antes de eliminarlo',
  /** The same, when the user would become a client (a task's responsible is staff). */
  userIsResponsibleDemote: 'El usuario es responsable de tareas: asigna otro responsable antes de cambiarlo a Cliente',
  notificationTokenSaved: 'Token de notificaciones guardado',
  loggedOut: 'Sesión cerrada',

  toastSuccessTitle: 'Éxito!',
  toastErrorTitle: 'Ocurrió un error!',
  toastOopsTitle: 'Oops!',
} as const;
