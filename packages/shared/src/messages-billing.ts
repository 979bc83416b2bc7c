import { msg } from './messages.ts';
import { sheetRefusalMsg } from './messages-import.ts';

/** Largest UF-values or issued-documents import file, in bytes (2 MB: a year of UF values is ~10 KB). */
export const BILLING_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Most data rows one UF-values or issued-documents import may hold. */
export const BILLING_IMPORT_MAX_ROWS = 10_000;

/** The billing imports' answers to a refused file (UF values, the invoicing tool's export). */
export const billingSheetMsg = sheetRefusalMsg(2);

/** Spanish texts of 'Honorarios y cobranza': fees, UF values, charges, issuing, payments. */
export const billingMsg = {
  required: msg.required,
  businessNotFound: msg.businessNotFound,

  // Fee terms and extra charges.
  invalidCurrency: 'La moneda debe ser CLP o UF',
  invalidDocumentType: 'El documento debe ser factura afecta, factura exenta o boleta de honorarios',
  amountPositive: 'El monto debe ser mayor que cero',
  ufAmountTooLarge: 'El monto en UF no puede superar 1.000.000 UF',
  ufValueTooLarge: 'El valor de la UF no puede superar $1.000.000',
  ufValueZero: 'El valor de la UF debe ser mayor que cero',
  invalidBillingDay: 'El día de facturación debe ser un número entre 1 y 28',
  invalidPaymentTerm: (max: number) => `El plazo de pago debe ser un número de días entre 0 y ${max}`,
  invalidYear: 'El año no es válido',
  invalidMonth: 'El mes debe ser un número entre 1 y 12',
  toMonthBeforeFrom: 'El mes de término no puede ser anterior al mes de inicio',
  termsSaved: 'Los honorarios se guardaron correctamente',
  noTerms: 'La empresa no tiene honorarios definidos',
  descriptionMax: (max: number) => `La descripción no debe tener más de ${max.toLocaleString('es-CL')} caracteres`,
  invalidRecurrence: 'La periodicidad debe ser una vez o anual',
  onceNeedsMonth: 'Indique el mes del cobro',
  yearlyNeedsMonth: 'Indique el mes del año en que se cobra',
  extraNotFound: 'El cobro adicional no existe',
  extraSaved: 'El cobro adicional se guardó correctamente',
  extraDeleted: 'El cobro adicional se eliminó correctamente',
  extraDeactivated: 'El cobro adicional ya generó cobros: se desactivó en vez de eliminarse',
  extraUsedNotEditable:
    'El cobro adicional ya generó cobros: solo se puede desactivar o activar. Para otro monto, documento o mes, desactívelo y agregue uno nuevo',

  // UF values.
  invalidDate: 'La fecha no es válida',
  ufSaved: 'El valor de la UF se guardó correctamente',
  ufLineNoDate: 'La fecha no es válida: use DD-MM-AAAA (01-11-2026) o AAAA-MM-DD (2026-11-01)',
  ufLineNoValue: 'Falta el valor',
  ufLineRepeated: (line: number) => `La fecha ya aparece en la línea ${line}`,
  ufImportHasErrors: 'La planilla tiene líneas con errores; corrígelas y vuelve a subirla. No se guardó nada.',
  ufImported: (created: number, changed: number) =>
    `Se guardaron ${created.toLocaleString('es-CL')} ${created === 1 ? 'valor nuevo' : 'valores nuevos'} y ${changed.toLocaleString('es-CL')} ${changed === 1 ? 'cambio' : 'cambios'}`,
  ufFetchFailed: 'No se pudo obtener el valor de la UF desde la fuente configurada',

  // Charges.
  chargeNotFound: 'El cobro no existe',
  waitingUf: (date: string) =>
    `Falta el valor de la UF del ${date}: el cobro queda esperando la UF y se calculará cuando se ingrese ese valor`,
  generated: (created: number, existing: number, waiting: number) =>
    `${created.toLocaleString('es-CL')} ${created === 1 ? 'cobro nuevo' : 'cobros nuevos'}, ${existing.toLocaleString('es-CL')} ya ${existing === 1 ? 'existía' : 'existían'}, ${waiting.toLocaleString('es-CL')} ${waiting === 1 ? 'espera' : 'esperan'} el valor de la UF`,
  monthNotOpen: 'Ese mes aún no se puede generar: solo hasta el mes siguiente al actual',
  onlyDraftEditable: 'Solo se puede editar un cobro por emitir; uno emitido solo se puede anular',
  chargeSaved: 'El cobro se guardó correctamente',
  voidReasonRequired: 'Indique el motivo de la anulación',
  reasonMax: (max: number) => `El motivo no debe tener más de ${max.toLocaleString('es-CL')} caracteres`,
  alreadyVoid: 'El cobro ya está anulado',
  chargeVoided: 'El cobro se anuló correctamente',

  // Issuing.
  invalidDteType: 'El tipo de documento debe ser 33 (factura), 34 (factura exenta) o boleta de honorarios electrónica',
  invalidFolio: 'El folio debe ser un número entero positivo',
  dteDoesNotMatch: (expected: string) => `El cobro se emite como ${expected}`,
  cannotIssue: 'Solo se puede marcar emitido un cobro por emitir (no uno anulado, ya emitido o esperando la UF)',
  folioTaken: (folio: number) => `El folio ${folio} ya está usado en otro cobro con el mismo tipo de documento`,
  folioRepeated: (folio: number) => `El folio ${folio} aparece más de una vez`,
  issued: (count: number) =>
    `${count.toLocaleString('es-CL')} ${count === 1 ? 'cobro marcado emitido' : 'cobros marcados emitidos'}`,
  issueHasErrors: 'Hay cobros que no se pueden marcar emitidos; corrígelos. No se guardó nada.',
  issuedLineNoRut: 'El RUT no es válido',
  issuedLineNoFolio: 'El folio no es un número entero positivo',
  issuedLineNoTotal: 'El total no es un monto en pesos',
  issuedLineNoMatch: 'Ningún cobro por emitir de ese mes tiene ese RUT y ese total',
  issuedLineFolioRepeated: (folio: number, line: number) => `El folio ${folio} ya aparece en la línea ${line}`,
  issuedLineAmbiguous: 'Más de un cobro por emitir de ese mes tiene ese RUT y ese total: márcalo a mano',
  issuedImportHasErrors:
    'La planilla tiene líneas que no corresponden a un cobro por emitir; corrígelas. No se guardó nada.',
  exported: (count: number) =>
    `Exportó ${count.toLocaleString('es-CL')} ${count === 1 ? 'cobro' : 'cobros'} para facturar`,
  issuedMissingHeader: (header: string) => `Falta la columna "${header}" en la primera fila`,

  // Payments and settings (the payments part builds on these).
  invalidMethod: 'El medio de pago no es válido',
  paymentAmountPositive: 'El monto del pago debe ser mayor que cero',
  invalidEmail: msg.invalidEmail,
  invalidReminderOffsets: 'Los recordatorios son días respecto del vencimiento, entre -30 y 90, sin repetir',
  settingsSaved: 'La configuración de cobranza se guardó correctamente',
} as const;
