// `npm run bench -- import`: 'Importar empresas' (issue 23: preview under 3 s, confirm under 5 s on
// the embedded database) of 2,000 new companies, as the browser sends it: the template downloaded,
// filled with one row per company (group, contract dates as real dates, three services' start
// month), then the preview and the confirm; then the same file again, now 2,000 updates.
import { computeRutCheckDigit } from '@app/shared/rut';
import ExcelJS from 'exceljs';
import { rssMb, withPeakRss } from './load.ts';

const COMPANIES = 2000;

export async function benchImports(
  kind: string,
  base: string,
  token: string,
  pid: number,
  report: (...cells: (string | number)[]) => void,
) {
  const headers = { authorization: `Bearer ${token}` };
  const template = await fetch(`${base}/api/business/import/template`, { headers });
  if (!template.ok) throw new Error(`template answered ${template.status}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await template.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const columns = (sheet.getRow(1).values as string[]).slice(1);
  const services = columns.slice(9, 12);
  for (let index = 0; index < COMPANIES; index++) {
    // RUT bodies far from the seeded companies' (and a new range per database kind).
    const body = (kind === 'postgres' ? 60_000_000 : 50_000_000) + index * 7;
    sheet.addRow([
      `Importada ${index}`,
      `Importada ${index} SpA`,
      `${body}-${computeRutCheckDigit(body)}`,
      'Ana Pérez',
      `contacto${index}@importada.cl, pagos${index}@importada.cl`,
      new Date(Date.UTC(2024, 0, 1)),
      '31-12-2027',
      `Grupo importado ${index % 20}`,
      '',
      ...services.map(() => '01-2025'),
    ]);
  }
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const send = async (step: 'preview' | 'confirm') => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'empresas.xlsx');
    const started = performance.now();
    const response = await fetch(`${base}/api/business/import/${step}`, { method: 'POST', headers, body: form });
    const answer = (await response.json()) as { create?: unknown[]; update?: unknown[]; errors?: unknown[] };
    if (!response.ok || (answer.errors?.length ?? 0) > 0) {
      throw new Error(`${step} answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
    }
    return performance.now() - started;
  };
  const before = rssMb(pid);
  const times: number[] = [];
  const { peakMb } = await withPeakRss(pid, async () => {
    for (const step of ['preview', 'confirm', 'preview', 'confirm'] as const) times.push(await send(step));
  });
  const size = `${(bytes.length / 1024).toFixed(0)} KB`;
  const [preview = 0, confirm = 0, previewAgain = 0, confirmAgain = 0] = times;
  report(
    kind,
    `import of ${COMPANIES.toLocaleString('en')} new companies from .xlsx (${size}, 3 services each): preview / confirm`,
    `${preview.toFixed(0)} ms`,
    `${confirm.toFixed(0)} ms`,
    `RSS ${before.toFixed(0)} → peak ${peakMb.toFixed(0)} MB`,
  );
  report(
    kind,
    `the same file again, ${COMPANIES.toLocaleString('en')} updates: preview / confirm`,
    `${previewAgain.toFixed(0)} ms`,
    `${confirmAgain.toFixed(0)} ms`,
    `after ${rssMb(pid).toFixed(0)} MB`,
  );
}
