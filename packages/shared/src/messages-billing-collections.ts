import { formatMoney } from './money.ts';

const count = (value: number) => value.toLocaleString('es-CL');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;
/** 'YYYY-MM-DD' as shown: 'DD-MM-YYYY'. */
export const chileanDate = (isoDate: string) => isoDate.split('-').reverse().join('-');

/** Most lines of one bank statement ('cartola') import. */
export const CARTOLA_MAX_LINES = 5000;

/**
 * Spanish texts of collections ('Cobranza'): payments and their application, the firm's credit to a
 * company, the bank statement, the collections list, account statements, reminders and the
 * receipts clients send.
 */
export const collectionsMsg = {
  // Payments.
  paymentNotFound: 'El pago no existe',
  paymentRecorded: (applied: number, credit: number) =>
    credit > 0
      ? `Pago registrado: ${formatMoney(applied)} aplicados a cobros y ${formatMoney(credit)} quedan como saldo a favor`
      : `Pago registrado: ${formatMoney(applied)} aplicados a cobros`,
  paymentDateFuture: 'La fecha del pago no puede ser posterior a hoy',
  chargeNotOfCompany: 'El cobro no es de esa empresa',
  chargeNotOpen: 'El cobro no tiene saldo pendiente (está pagado, anulado o esperando la UF)',
  chargeRepeated: 'El cobro aparece más de una vez',
  reverseReasonRequired: 'Indique el motivo de la reversa',
  rejectReasonRequired: 'Indique el motivo del rechazo',
  ignoreReasonRequired: 'Indique por qué se ignora la línea',
  onlyConfirmedReversible: 'Solo se puede reversar un pago confirmado',
  onlyToConfirm: 'Solo se puede confirmar o rechazar un comprobante por confirmar',
  paymentReversed: 'El pago se reversó: sus montos volvieron a quedar pendientes en los cobros que pagaba',
  receiptConfirmed: (applied: number, credit: number) =>
    credit > 0
      ? `Comprobante confirmado: ${formatMoney(applied)} aplicados a cobros y ${formatMoney(credit)} quedan como saldo a favor`
      : `Comprobante confirmado: ${formatMoney(applied)} aplicados a cobros`,
  receiptRejected: 'El comprobante se rechazó',
  /** 'Aplicar saldo a favor': what went to open charges, and what is left of each after it. */
  creditApplied: (applied: number, left: { credit: number; open: number }) => {
    const after =
      left.open > 0
        ? `quedan ${formatMoney(left.open)} por pagar`
        : left.credit > 0
          ? `quedan ${formatMoney(left.credit)} a favor`
          : 'no quedan cobros pendientes';
    if (applied > 0) return `Se aplicaron ${formatMoney(applied)} del saldo a favor a cobros pendientes: ${after}`;
    if (left.credit > 0 && left.open === 0)
      return `No hay cobros pendientes a los que aplicar el saldo a favor: ${after}`;
    return `No había saldo a favor que aplicar a cobros pendientes${left.open > 0 ? `: ${after}` : ''}`;
  },
  paymentLabel: (amount: number, method: string) => `Pago ${formatMoney(amount)} (${method})`,
  totalBelowPaid: (paid: number) =>
    `El cobro ya tiene pagos por ${formatMoney(paid)}: su total no puede quedar por debajo. Reversa el pago o anula el cobro.`,

  // Receipts sent by a client.
  receiptRequired: 'Adjunta el comprobante (PDF, JPG o PNG)',
  receiptKind: 'El comprobante debe ser un PDF, JPG o PNG',
  receiptOneFile: 'Envía un solo comprobante a la vez',
  receiptFieldsInAddress:
    'Los datos del comprobante van en el formulario, no en la dirección: recarga la página y envíalo de nuevo',
  receiptSent:
    'Comprobante recibido: el estudio lo revisará y lo aplicará a tu cuenta. Mientras tanto aparece como «Por confirmar».',
  receiptFileMissing: 'El archivo del comprobante no está disponible',
  receiptNoFile: 'El pago no tiene comprobante adjunto',
  receiptMailSubject: (company: string) => `Comprobante de pago recibido: ${company}`,
  receiptMailBody: (company: string, amount: number, date: string) =>
    `${company} envió un comprobante de pago por ${formatMoney(amount)} del ${chileanDate(date)}.\n\nRevísalo en Honorarios y cobranza para confirmarlo o rechazarlo.`,

  // Bank statement ('cartola').
  cartolaMissingColumns:
    'La cartola debe tener en la primera fila las columnas Fecha, Descripción (o Glosa) y Monto (o Abono y Cargo)',
  cartolaTooManyLines: `La cartola tiene más de ${count(CARTOLA_MAX_LINES)} líneas, el máximo por importación`,
  cartolaNoDate: 'La fecha no es válida: use DD/MM/AAAA (28/11/2026) o AAAA-MM-DD',
  cartolaNoAmount: 'El monto no es válido: use pesos como 1.234.567',
  cartolaZero: 'La línea no tiene monto',
  cartolaDebit: 'Es un cargo (monto negativo): solo se importan abonos',
  cartolaDuplicate: 'Esta línea ya se importó antes',
  cartolaKeyMismatch: 'La línea no coincide con la vista previa: vuelve a subir la cartola',
  cartolaLineNotFound: 'La línea de la cartola no existe',
  cartolaLineMatched: 'La línea ya está asociada a un pago',
  cartolaImported: (matched: number, pending: number, ignored: number, duplicates: number) =>
    `Cartola importada: ${plural(matched, 'pago registrado', 'pagos registrados')}, ${plural(pending, 'línea queda', 'líneas quedan')} por asociar, ${plural(ignored, 'ignorada', 'ignoradas')}${duplicates > 0 ? `, ${plural(duplicates, 'ya importada', 'ya importadas')} antes` : ''}`,
  cartolaLineIgnored: 'La línea quedó ignorada',
  cartolaLineMatchedNow: 'La línea se asoció y se registró el pago',
  cartolaBatchLabel: (lines: number) => `Cartola de ${plural(lines, 'línea', 'líneas')}`,
  proposalRut: (rut: string) => `RUT ${rut} en la línea`,
  proposalAmount: (amount: number) => `Único cobro pendiente por ${formatMoney(amount)}`,
  proposalFolio: (folio: number) => `Folio ${folio} en la descripción`,

  // Collections list.
  invalidSort: 'El orden debe ser por nombre, saldo o vencimiento',
  collectionsExportName: (date: string) => `cobranza-${date}.xlsx`,

  // Settings.
  invalidRut: 'No es un rut valido',
  settingsSaved: 'La configuración de cobranza se guardó correctamente',
  remindersStopped: 'Los recordatorios de cobranza de esta empresa quedaron detenidos',
  remindersResumed: 'Los recordatorios de cobranza de esta empresa se reanudaron',

  // Account statement.
  statementTitle: 'Estado de cuenta',
  statementChargeLine: (description: string) => description,
  statementVoidLine: (description: string) => `Anulación: ${description}`,
  statementPaymentLine: (method: string, reference: string) =>
    reference ? `Pago ${method} ${reference}` : `Pago ${method}`,
  statementReversalLine: (reason: string) => `Reversa de pago: ${reason}`,
  statementNoTransfer: 'El estudio aún no ha ingresado sus datos de transferencia',
  statementFileName: (rut: string, date: string) => `estado-de-cuenta-${rut.replace(/[^\dkK]/g, '')}-${date}.pdf`,

  // Reminders.
  reminderSubject: (company: string, due: string, before: boolean) =>
    before ? `Recordatorio de pago: ${company}, vence el ${chileanDate(due)}` : `Pago pendiente: ${company}`,
  reminderBody: (input: {
    company: string;
    description: string;
    folio: number | null;
    open: number;
    dueDate: string;
    overdueDays: number;
    transfer: string | null;
  }) =>
    [
      `Estimados ${input.company}:`,
      '',
      input.overdueDays > 0
        ? `Les recordamos que el cobro «${input.description}»${input.folio ? ` (folio ${input.folio})` : ''} venció el ${chileanDate(input.dueDate)} (hace ${plural(input.overdueDays, 'día', 'días')}) y tiene un saldo pendiente de ${formatMoney(input.open)}.`
        : `Les recordamos que el cobro «${input.description}»${input.folio ? ` (folio ${input.folio})` : ''} por ${formatMoney(input.open)} vence el ${chileanDate(input.dueDate)}.`,
      '',
      input.transfer ? `Datos para transferir:\n${input.transfer}` : '',
      '',
      'Si ya pagaron, por favor omitan este mensaje.',
    ]
      .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
      .join('\n'),
  reminderOutcomes: {
    sent: 'Enviado',
    outbox: 'En bandeja local (correo no configurado)',
    failed: 'Fallido',
    no_contacts: 'Sin contactos: no se envió',
    superseded: 'Omitido: ya correspondía un recordatorio posterior',
    stopped: 'Omitido: recordatorios detenidos para la empresa',
  },
} as const;
