import type { PanelResponsible } from '../../../api/panel/panel';

/**
 * Where each bar or point leads: the monthly board of a period narrowed as the chart counted
 * (?orden=<service>&estado=<state>&atrasadas=1&encargado=), /solicitudes of a period, /cobranza.
 */
export function boardLink(options: {
  year: number;
  month: number;
  serviceId?: number;
  stateId?: number;
  late?: boolean;
  responsible: PanelResponsible;
}) {
  const params = new URLSearchParams({ anio: String(options.year), mes: String(options.month) });
  if (options.serviceId !== undefined) params.set('orden', String(options.serviceId));
  if (options.stateId !== undefined) params.set('estado', String(options.stateId));
  if (options.late) params.set('atrasadas', '1');
  if (options.responsible !== null) params.set('encargado', String(options.responsible));
  return `/?${params.toString()}`;
}

/** /solicitudes of a period ('YYYY-MM'), of one 'Encargado' when the panel shows one. */
export function requestsLink(period: string, responsible: PanelResponsible) {
  const params = new URLSearchParams({
    anio: String(Number(period.slice(0, 4))),
    mes: String(Number(period.slice(5, 7))),
  });
  if (responsible !== null) params.set('encargado', String(responsible));
  return `/solicitudes?${params.toString()}`;
}

/** /cobranza: a month's charges, its payments, or the balances (only the overdue ones, oldest first). */
export function billingLink(kind: 'charges' | 'payments' | 'balances' | 'overdue', year?: number, month?: number) {
  const params = new URLSearchParams();
  if (kind === 'payments') params.set('vista', 'pagos');
  if (kind === 'balances' || kind === 'overdue') params.set('vista', 'saldos');
  if (kind === 'overdue') {
    params.set('vencidos', '1');
    params.set('orden', 'vencimiento');
  }
  if (year !== undefined && month !== undefined) {
    params.set('anio', String(year));
    params.set('mes', String(month));
  }
  const query = params.toString();
  return query ? `/cobranza?${query}` : '/cobranza';
}
