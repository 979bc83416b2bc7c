import {
  BULK_ACTIVATION_START_DATE,
  MONTH_KEYS,
  type ServiceColor,
  type ServiceMonthsActive,
} from '@app/shared/schemas/services';
import { SYSTEM_ACTOR } from '../lib/activity-actor.ts';
import type { DemoServices } from './demo-services.ts';

const VERDE: ServiceColor = '#2ECC71';
const AMARILLO: ServiceColor = '#F1C40F';
const ROJO: ServiceColor = '#E74C3C';
const AZUL: ServiceColor = '#3498DB';

interface DemoFolder {
  name: string;
  isActive?: boolean;
  subfolders?: DemoFolder[];
}

interface DemoService {
  name: string;
  startMonthDay: number;
  lastMonthDay: number;
  order: number;
  /** Due day of the month after the period, and the one for companies filing online. */
  dueDay?: number;
  dueDayElectronic?: number;
  states: { name: string; color: ServiceColor; pctProgress: number; hasValue?: boolean; showResume?: boolean }[];
  folders: DemoFolder[];
  notifications: { day: number; subject: string; message: string }[];
  /** Months the service applies; all twelve when omitted. */
  months?: (typeof MONTH_KEYS)[number][];
}

const SERVICES: DemoService[] = [
  {
    name: 'IVA mensual (F29)',
    startMonthDay: 1,
    lastMonthDay: 20,
    order: 1,
    dueDay: 12,
    dueDayElectronic: 20,
    states: [
      { name: 'Pendiente', color: ROJO, pctProgress: 0 },
      { name: 'En revisión', color: AMARILLO, pctProgress: 40 },
      { name: 'Declarado', color: AZUL, pctProgress: 80, showResume: true },
      { name: 'Pagado', color: VERDE, pctProgress: 100, hasValue: true, showResume: true },
    ],
    folders: [
      { name: 'Declaraciones F29', subfolders: [{ name: 'Borradores' }, { name: 'Comprobantes de pago' }] },
      { name: 'Libro de compras y ventas', subfolders: [{ name: 'Compras' }, { name: 'Ventas' }] },
      { name: 'Facturas recibidas' },
    ],
    notifications: [
      {
        day: 5,
        subject: 'Envío de documentos para IVA',
        message: 'Estimado cliente: le recordamos enviar sus facturas de compra y venta del mes para preparar el F29.',
      },
      {
        day: 18,
        subject: 'Vencimiento del F29',
        message: 'El formulario 29 vence el día 20. Si tiene pagos pendientes, por favor avísenos a la brevedad.',
      },
    ],
  },
  {
    name: 'Remuneraciones (Previred)',
    startMonthDay: 1,
    lastMonthDay: 13,
    order: 2,
    dueDay: 10,
    dueDayElectronic: 13,
    states: [
      { name: 'Pendiente', color: ROJO, pctProgress: 0 },
      { name: 'Liquidaciones emitidas', color: AMARILLO, pctProgress: 50 },
      { name: 'Previred pagado', color: VERDE, pctProgress: 100, hasValue: true, showResume: true },
    ],
    folders: [
      { name: 'Liquidaciones de sueldo', subfolders: [{ name: 'Firmadas' }, { name: 'Borradores', isActive: false }] },
      { name: 'Previred', subfolders: [{ name: 'Planillas' }, { name: 'Comprobantes de pago' }] },
    ],
    notifications: [
      {
        day: 3,
        subject: 'Novedades de remuneraciones',
        message:
          'Envíenos antes del día 5 las altas, bajas, licencias y horas extra del mes para calcular las liquidaciones.',
      },
    ],
  },
  {
    name: 'Contabilidad',
    startMonthDay: 1,
    lastMonthDay: 31,
    order: 3,
    states: [
      { name: 'Pendiente', color: ROJO, pctProgress: 0 },
      { name: 'En proceso', color: AMARILLO, pctProgress: 50 },
      { name: 'Cerrado', color: VERDE, pctProgress: 100, showResume: true },
    ],
    folders: [
      { name: 'Balances', subfolders: [{ name: 'Mensuales' }, { name: 'Anuales' }] },
      { name: 'Respaldo contable', subfolders: [{ name: 'Cartolas bancarias' }, { name: 'Boletas de honorarios' }] },
    ],
    notifications: [
      {
        day: 25,
        subject: 'Cierre contable del mes',
        message: 'Para cerrar la contabilidad del mes necesitamos sus cartolas bancarias y boletas de honorarios.',
      },
    ],
  },
  {
    name: 'Renta anual (F22)',
    startMonthDay: 1,
    lastMonthDay: 30,
    order: 4,
    months: ['apr'],
    states: [
      { name: 'Pendiente', color: ROJO, pctProgress: 0 },
      { name: 'Declarada', color: AZUL, pctProgress: 80, showResume: true },
      { name: 'Aceptada por el SII', color: VERDE, pctProgress: 100, showResume: true },
    ],
    folders: [{ name: 'Operación Renta', subfolders: [{ name: 'Formulario 22' }, { name: 'Declaraciones juradas' }] }],
    notifications: [
      {
        day: 10,
        subject: 'Operación Renta',
        message: 'Se acerca la declaración anual de renta (F22). Revise y envíenos los antecedentes pendientes.',
      },
    ],
  },
];

/** Loads the demo services (states, folder trees, notifications, months); skips those already there. */
export async function seedDemoServices(features: DemoServices): Promise<string> {
  const { services, businessServices } = features;
  let created = 0;
  for (const demo of SERVICES) {
    if ((await services.findByName(demo.name)).length > 0) continue;
    const { service } = await services.create(
      {
        name: demo.name,
        startMonthDay: demo.startMonthDay,
        lastMonthDay: demo.lastMonthDay,
        order: demo.order,
        dueDay: demo.dueDay ?? null,
        dueDayElectronic: demo.dueDayElectronic ?? null,
      },
      SYSTEM_ACTOR,
    );
    for (const [order, state] of demo.states.entries()) {
      await services.createState(service.id, { hasValue: false, showResume: false, ...state, order }, SYSTEM_ACTOR);
    }
    const addFolders = async (folders: DemoFolder[], parentFolderId: number | null) => {
      for (const folder of folders) {
        const row = await services.createFolder(
          service.id,
          {
            name: folder.name,
            isActive: folder.isActive ?? true,
            clientCanUpload: false,
            parentFolderId,
          },
          SYSTEM_ACTOR,
        );
        await addFolders(folder.subfolders ?? [], row.id);
      }
    };
    await addFolders(demo.folders, null);
    for (const notification of demo.notifications)
      await services.createNotification(service.id, notification, SYSTEM_ACTOR);
    if (demo.months) {
      const months = demo.months;
      await services.updateMonthsActive(
        service.id,
        Object.fromEntries(MONTH_KEYS.map((key) => [key, months.includes(key)])) as ServiceMonthsActive,
        SYSTEM_ACTOR,
      );
    }
    // Companies already loaded get the service, as 'Activar todo' would.
    await businessServices.updateAllForService(
      service.id,
      { active: true, startDate: BULK_ACTIVATION_START_DATE },
      SYSTEM_ACTOR,
    );
    created += 1;
  }
  return `Servicios: ${created} creados con sus estados, carpetas y notificaciones.`;
}
