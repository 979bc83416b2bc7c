/**
 * Spanish texts about whether mail really leaves the server: without
 * SMTP_URL a message is kept in the server's outbox; without APP_URL e-mailed links name localhost.
 */
export const mailMsg = {
  /** A send or an 'Avisar al cliente' that went to DATA_DIR/outbox instead of anyone's mailbox. */
  savedToOutbox: 'Guardado en la bandeja local: el correo no está configurado',
  savedToOutboxTitle: 'Correo no enviado',
  /** The owners' banner while SMTP_URL is unset. */
  notConfigured:
    'El correo no está configurado (SMTP_URL): los correos se guardan en la bandeja local del servidor y no le llegan a nadie.',
  notConfiguredTitle: 'Correo no configurado',
  closeBanner: 'Ocultar este aviso',
  /** Owners' e-mail screens while APP_URL is unset. */
  appUrlMissing:
    'APP_URL no está configurada: los enlaces que se envían por correo apuntan a http://localhost y solo funcionan en el computador del servidor.',
  appUrlMissingTitle: 'Enlaces de los correos',
  /** The e-mail log's badge of a message kept in the outbox. */
  emailInOutbox: 'En bandeja local',
  sentBy: 'Enviado por',

  // 'Exportar a Excel' of the e-mail log: the workbook's sheet and headers.
  exportSheet: 'Correos',
  headerDateTime: 'Fecha y hora',
  headerTo: 'Para',
  headerState: 'Estado',
  // Web
} as const;
