import type { Period } from './current-period.ts';
import { MONTH_KEYS, MONTH_NAMES } from './months.ts';

/** A period as the report names it: 'Octubre 2026'. */
export const reportPeriodLabel = ({ year, month }: Period) => `${MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan']} ${year}`;

const pad = (value: number) => String(value).padStart(2, '0');

/** Spanish texts of 'Informe mensual' (a company's monthly report) and of the firm's identity ('Datos del estudio'). */
export const reportMsg = {
  title: 'Informe mensual',
  invalidYear: 'El año no es válido',
  invalidMonth: 'El mes no es válido',
  fileName: (rut: string, period: Period) =>
    `informe-mensual-${rut.replace(/[^0-9kK-]/g, '')}-${period.year}-${pad(period.month)}.pdf`,
  periodLine: (period: Period) => `Período: ${reportPeriodLabel(period)}`,
  generatedOn: (day: string) => `Emitido el ${day.split('-').reverse().join('-')}`,
  // Sections of the PDF.
  servicesHeading: 'Servicios del mes',
  servicesNone: 'Ningún servicio aplica a la empresa en este mes.',
  punctualityHeading: 'Vencimientos',
  punctualitySummary: (counts: { onTime: number; late: number; overdue: number; pending: number }) =>
    `A tiempo: ${counts.onTime} · Con atraso: ${counts.late} · Vencidos sin terminar: ${counts.overdue} · Por vencer: ${counts.pending}`,
  punctualityNone: 'Ningún servicio del mes tiene fecha de vencimiento.',
  punctualityLabels: {
    onTime: 'Cumplido a tiempo',
    late: 'Cumplido con atraso',
    overdue: 'Vencido sin terminar',
    pending: 'Por vencer',
  },
  noDueDate: 'Sin vencimiento',
  documentsHeading: 'Documentos recibidos del período',
  documentsNone: 'No hay documentos en las carpetas de este mes.',
  fromClient: 'Cliente',
  fromFirm: 'Estudio',
  requestsHeading: 'Solicitudes de documentos pendientes',
  requestsNone: 'No hay solicitudes de documentos pendientes.',
  balanceHeading: 'Estado de cuenta',
  balanceAsOf: (day: string) => `Al ${day.split('-').reverse().join('-')}`,
  messagesHeading: 'Mensajes esperando respuesta',
  messagesCount: (count: number) =>
    count === 0
      ? 'No hay mensajes esperando respuesta.'
      : count === 1
        ? 'Hay 1 mensaje esperando respuesta.'
        : `Hay ${count} mensajes esperando respuesta.`,
  page: (page: number) => `Página ${page}`,
  // The e-mail of the monthly report.
  emailSubject: (company: string, period: Period) => `Informe mensual de ${company}: ${reportPeriodLabel(period)}`,
  emailBody: (company: string, period: Period, firm: string) =>
    `Hola:\n\nAdjuntamos el informe mensual de ${company} de ${reportPeriodLabel(period).toLowerCase()}: el estado de sus servicios, los vencimientos, los documentos recibidos y las solicitudes pendientes.\n\nSaludos,\n${firm}`,
  // The firm's identity and the report's e-mail setting.
  firmSaved: 'Datos del estudio guardados',
  logoSaved: 'Logo guardado',
  logoRemoved: 'Logo quitado',
  logoRequired: 'Adjunte una imagen PNG o JPG',
  logoNotImage: 'El logo debe ser una imagen PNG o JPG (se reconoce por su contenido, no por el nombre)',
  logoTooLarge: (kilobytes: number) => `El logo no puede pesar más de ${kilobytes} KB`,
  logoUnreadable: 'No se pudo leer la imagen: guárdela de nuevo como PNG o JPG e inténtelo otra vez',
  logoNotFound: 'El estudio no tiene logo',
  invalidRut: 'El RUT no es válido',
  invalidReportDay: 'Elija un día entre 1 y 28, o deje el envío desactivado',
} as const;
