import { describe, expect, it } from 'vitest';
import { billingLink, boardLink, requestsLink } from './panel-links';

describe('where a panel bar leads', () => {
  it("opens the board of the period narrowed to the service, state, late cells and 'Encargado'", () => {
    expect(boardLink({ year: 2026, month: 9, serviceId: 4, stateId: 12, responsible: 7 })).toBe(
      '/?anio=2026&mes=9&orden=4&estado=12&encargado=7',
    );
    expect(boardLink({ year: 2026, month: 9, late: true, responsible: 'none' })).toBe(
      '/?anio=2026&mes=9&atrasadas=1&encargado=none',
    );
    expect(boardLink({ year: 2026, month: 9, responsible: null })).toBe('/?anio=2026&mes=9');
  });

  it("opens /solicitudes of a request bucket's period, and /cobranza's tabs for the money", () => {
    expect(requestsLink('2026-09', 7)).toBe('/solicitudes?anio=2026&mes=9&encargado=7');
    expect(requestsLink('2025-12', null)).toBe('/solicitudes?anio=2025&mes=12');
    expect(billingLink('charges', 2026, 10)).toBe('/cobranza?anio=2026&mes=10');
    expect(billingLink('payments', 2026, 10)).toBe('/cobranza?vista=pagos&anio=2026&mes=10');
    expect(billingLink('balances')).toBe('/cobranza?vista=saldos');
    expect(billingLink('overdue')).toBe('/cobranza?vista=saldos&vencidos=1&orden=vencimiento');
  });
});
