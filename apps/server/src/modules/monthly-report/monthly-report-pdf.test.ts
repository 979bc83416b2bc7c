import { describe, expect, it } from 'vitest';
import { pngLogo } from '../../demo/demo-logo.ts';
import { pdfText } from '../../test/pdf-fixtures.ts';
import type { MonthlyReportData } from './monthly-report-data.ts';
import { monthlyReportPdf, punctualityText, serviceLine } from './monthly-report-pdf.ts';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A firm's busiest month: many services with long names, many documents and requests. */
function busyMonth(): MonthlyReportData {
  const long = 'Declaración jurada anual de retenciones de impuesto único de segunda categoría y honorarios';
  return {
    firm: {
      name: 'Estudio Contable Andes',
      rut: '76.543.210-3',
      address: 'Av. Providencia 1208, of. 402',
      logo: pngLogo(),
    },
    business: { id: 1, name: 'Ferretería El Roble', razonSocial: 'Ferretería El Roble SpA', rut: '76.086.428-5' },
    period: { year: 2026, month: 9 },
    today: '2026-10-20',
    services: Array.from({ length: 45 }, (_, index) => ({
      serviceId: index + 1,
      name: index % 3 === 0 ? `${long} ${index + 1}` : `Servicio ${index + 1}`,
      state: index % 2 ? 'Pagado' : 'Pendiente',
      color: '#2ECC71',
      value: index % 2 ? 1_000 * (index + 1) : null,
      dueDate: '2026-10-13',
      punctuality: index % 2 ? ('onTime' as const) : ('overdue' as const),
      reachedDay: index % 2 ? '2026-10-09' : null,
    })),
    documents: Array.from({ length: 30 }, (_, index) => ({
      folder: 'Declaraciones mensuales',
      name: `Documento ${index + 1}.pdf`,
      day: '2026-10-02',
      fromClient: index % 2 === 0,
    })),
    requests: Array.from({ length: 12 }, (_, index) => ({
      title: `Solicitud ${index + 1}`,
      period: { year: 2026, month: 9 },
      dueDate: '2026-10-05',
      state: 'Atrasada',
      missing: ['Cartola bancaria', 'Libro de compras y ventas', 'Facturas de proveedores del extranjero'],
    })),
    balance: {
      asOf: '2026-10-20',
      totals: { charged: 238_000, paid: 119_000, open: 119_000, overdue: 119_000, credit: 0, balance: 119_000 },
    },
    pendingMessages: 3,
  };
}

describe('the monthly report PDF', () => {
  it("writes a service as the board's cell reads, and where it stands against its due date", () => {
    expect(serviceLine({ name: 'F29', state: 'Pagado', value: 1_234_567 })).toBe('F29 — Pagado $1.234.567');
    expect(serviceLine({ name: 'Libro', state: 'En proceso', value: null })).toBe('Libro — En proceso');
    expect(punctualityText({ dueDate: '2026-10-13', punctuality: 'late', reachedDay: '2026-10-15' })).toBe(
      'Cumplido con atraso (15-10-2026)',
    );
    expect(punctualityText({ dueDate: null, punctuality: 'onTime', reachedDay: null })).toBe('Sin vencimiento');
  });

  it('breaks a long month across pages: every row once, the table header again on the next page, each page numbered', async () => {
    const data = busyMonth();
    const pdf = await bytesOf(await monthlyReportPdf(data));
    const text = pdfText(pdf);
    const flat = text.replace(/\s*\n\s*/g, ' ');
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Página ${page}`);
    // The services' table goes on past the first page with its header again.
    expect(text.split('\n').filter((line) => line === 'Servicio y estado').length).toBeGreaterThanOrEqual(2);
    for (const service of data.services) expect(flat).toContain(serviceLine(service));
    for (const file of data.documents) expect(flat).toContain(file.name);
    expect(flat).toContain('Ferretería El Roble · Informe mensual septiembre 2026');
    expect(flat).toContain('Hay 3 mensajes esperando respuesta.');
    expect(flat).toContain('$119.000');
  });
});
