/**
 * Spanish texts of the activity log, two-factor sign-in and the sessions list. Each area
 * adds its own texts in its own block.
 */
export const activityMsg = {
  title: 'Actividad',
  loadFailed: 'No se pudo cargar la actividad',
  empty: 'No hay actividad con estos filtros',
  exportCsv: 'Exportar CSV',
  loadMore: 'Cargar más',
  recent: 'Actividad reciente',
  seeAll: 'Ver toda la actividad',
  system: 'Sistema',
  invalidCursor: 'La página pedida no es válida',
  invalidKind: 'El tipo de actividad no es válido',
  invalidRange: 'La fecha final debe ser igual o posterior a la inicial',
  invalidDate: 'La fecha no es válida',
  revealsLogged: 'Cada vez que alguien muestra o copia una contraseña queda registrado.',
  lastRevealed: (who: string, when: string, from: string) => `Última vez vista por ${who} el ${when} desde ${from}`,
  neverRevealed: 'Nadie la ha visto todavía',
  showPassword: 'Mostrar',
  hidePassword: 'Ocultar',
  copyPassword: 'Copiar',
  copied: 'Contraseña copiada',
  revealFailed: 'No se pudo mostrar la contraseña',
};

export const secondFactorMsg = {
  title: 'Verificación en dos pasos',
  codeLabel: 'Código de verificación',
  codeHelp: 'El código de 6 dígitos de tu aplicación de autenticación, o uno de tus códigos de recuperación',
  codeRequired: 'Ingresa el código de verificación',
  codeInvalidFormat: 'El código debe tener 6 dígitos, o ser un código de recuperación',
  codeWrong: 'El código no es correcto',
  challengeExpired: 'La verificación caducó. Inicia sesión de nuevo.',
  verify: 'Verificar',
  setupRequiredTitle: 'Tu estudio exige la verificación en dos pasos',
  setupIntro:
    'Escanea el código QR con tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) e ingresa el código que muestra.',
  enable: 'Activar la verificación en dos pasos',
  enabledBadge: 'Activada',
  disabledBadge: 'Desactivada',
  enabled: 'La verificación en dos pasos está activada',
  disabled: 'La verificación en dos pasos está desactivada',
  disable: 'Desactivar',
  confirmDisable: 'Para desactivarla, ingresa un código de verificación',
  requiredCannotDisable: 'Tu estudio exige la verificación en dos pasos: no puedes desactivarla',
  recoveryCodesTitle: 'Códigos de recuperación',
  recoveryCodesHelp:
    'Guárdalos en un lugar seguro. Cada uno sirve una sola vez si pierdes tu teléfono. No se volverán a mostrar.',
  recoveryCodesLeft: (count: number) => `Te quedan ${count} ${count === 1 ? 'código' : 'códigos'} de recuperación`,
  newRecoveryCodes: 'Generar códigos nuevos',
  resetForUser: 'Restablecer verificación en dos pasos',
  resetDone: 'Verificación en dos pasos restablecida',
  requireSetting: 'Exigir verificación en dos pasos a dueños y colaboradores',
  settingSaved: 'Configuración guardada',
  recoveryCodesRenewed: 'Códigos de recuperación nuevos generados. Los anteriores ya no sirven.',
  setupMissing: 'No hay una activación en curso: vuelve a empezar',
  alreadyEnabled: 'La verificación en dos pasos ya está activada',
  secretLabel: 'O ingresa esta clave en la aplicación',
  copy: 'Copiar',
  copied: 'Copiado',
  download: 'Descargar',
  continue: 'Continuar',
  cancel: 'Cancelar',
  qrAlt: 'Código QR para tu aplicación de autenticación',
  enterCodeToConfirm: 'Ingresa el código de 6 dígitos que muestra la aplicación',
  requiredReason: 'Tu estudio la exige para dueños y colaboradores',
  enableWithPassword: 'Para activarla, ingresa tu contraseña actual',
  currentPasswordLabel: 'Contraseña actual',
  resetOwnRefused:
    "Tu propia verificación en dos pasos no se restablece aquí: desactívala en 'Mi perfil' → 'Desactivar', con un código de verificación",
  /** The 429 once this account's six-digit codes are refused everywhere: a recovery code still signs in. */
  accountCodesLocked: (minutes: number) =>
    `Demasiados códigos incorrectos para esta cuenta. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} o usa uno de tus códigos de recuperación.`,
};

export const sessionsMsg = {
  title: 'Sesiones activas',
  current: 'Esta sesión',
  end: 'Cerrar sesión',
  endOthers: 'Cerrar todas las demás',
  ended: 'Sesión cerrada',
  endedOthers: (count: number) => `${count} ${count === 1 ? 'sesión cerrada' : 'sesiones cerradas'}`,
  endAllForUser: 'Cerrar todas sus sesiones',
  notFound: 'La sesión no existe o ya terminó',
  lastUsed: 'Último uso',
  from: 'Desde',
  device: 'Dispositivo',
  unknownDevice: 'Dispositivo desconocido',
  /** Said on the sign-in page of a browser whose session was ended elsewhere (or expired) while open. */
  endedHere: 'Tu sesión se cerró (desde otro dispositivo o porque expiró). Inicia sesión de nuevo.',
};
