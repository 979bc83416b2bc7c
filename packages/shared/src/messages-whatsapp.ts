/** Spanish texts of the WhatsApp notices: the company's number and consent, the channel and its outbox. */
export const whatsappMsg = {
  title: 'WhatsApp',
  invalidPhone: 'El celular de WhatsApp debe ser un móvil chileno: +56 9 y 8 dígitos (por ejemplo +56 9 1234 5678)',
  phoneRequired: 'Para activar los avisos por WhatsApp escribe el celular de la empresa',
  invalidOptIn: 'Indica si la empresa acepta avisos por WhatsApp (sí o no)',
  contactSaved: 'WhatsApp de la empresa guardado',
  businessNotFound: 'La empresa no existe',
  notConfigured: 'WhatsApp no está configurado en el servidor: no se envía ningún aviso por WhatsApp',
  outboxNotFound: 'El envío de WhatsApp no existe',
  onlyFailedRetry: 'Solo se puede reintentar un envío fallido',
  retryNotOptedIn: 'La empresa ya no acepta avisos por WhatsApp o no tiene celular: no se puede reintentar',
  retried: 'El envío quedó pendiente: se intentará en el próximo minuto',

  /** The states of an outbox row as the screen names them: 'sent' is only WhatsApp's acceptance. */
  statusLabels: {
    pending: 'Pendiente',
    sending: 'Enviando',
    sent: 'Aceptado por WhatsApp',
    retrying: 'Reintentando',
    failed: 'Fallido',
  },
  kindLabels: {
    message: 'Mensaje sin leer',
    request: 'Solicitud por vencer',
    approval: 'Aprobación pendiente',
    charge: 'Cobro vencido',
  },

  /** Why a send is waiting, will be tried again or failed: kept with the row and shown on screen. */
  reasonTokenInvalid: (code: number) =>
    `El token de WhatsApp venció o no es válido (código ${code}): los envíos esperan hasta que se configure uno nuevo`,
  reasonRateLimited: (code: number | null) =>
    `WhatsApp pidió esperar por exceso de envíos${code === null ? '' : ` (código ${code})`}: se reintentará`,
  reasonTemplate: (template: string, code: number) =>
    `La plantilla «${template}» no existe, no está aprobada en WhatsApp o no calza con sus parámetros (código ${code}): revise la plantilla en WhatsApp Manager`,
  reasonRecipient: (phone: string, code: number) =>
    `WhatsApp no pudo entregar el aviso a ${phone} (código ${code}): revise que el número tenga WhatsApp`,
  reasonServer: (detail: string) => `WhatsApp no respondió bien (${detail}): se reintentará`,
  reasonNetwork: 'No se pudo conectar con WhatsApp: se reintentará',
  reasonGaveUp: (attempts: number, last: string) =>
    `Se dejó de intentar tras ${attempts} intentos. Último error: ${last}`,
  reasonRejected: (code: number | null, detail: string) =>
    `WhatsApp rechazó el envío${code === null ? '' : ` (código ${code})`}: ${detail}`,
  reasonNoMessageId: 'WhatsApp respondió sin identificador de mensaje: no se sabe si lo aceptó, no se reintenta solo',
  reasonInterrupted:
    'El envío se interrumpió (el servidor se detuvo): no se sabe si WhatsApp lo aceptó, no se reintenta solo',
  reasonExpired: (days: number) => `No se pudo enviar en ${days} días: se descartó para no avisar tarde`,
  reasonOptedOut: 'La empresa dejó de aceptar avisos por WhatsApp antes del envío',
} as const;
