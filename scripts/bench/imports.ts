// `npm run bench -- import`: 'Importar empresas' (targets: preview under 3 s, confirm under 5 s on
// the embedded database) of 2,000 new companies, as the browser sends it: the template downloaded,
// filled with one row per company (group, contract dates as real dates, three services' start
// month), then the preview and the confirm; then the same file again, now 2,000 updates.
// Then the heaviest files the limits let through (server RSS and V8 heap, read from /metrics, at
// their peak): the worst one accepted (10,000 rows, 400,000 distinct shared strings, 10 million
// characters of two-byte text) and a 10,000 × 80 sheet of numbers, refused at the cell limit.
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { computeRutCheckDigit } from '@app/shared/rut';
import { IMPORT_HEADERS } from '@app/shared/schemas/business-import';
import ExcelJS from 'exceljs';
import { rssMb, withPeakRss } from './load.ts';
import { heapOf } from './memory.ts';

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

/** A workbook written as it streams, its strings in the shared table as Excel keeps them. */
async function workbookOf(rows: Iterable<(string | number | Date)[]>): Promise<Buffer> {
  const out = new PassThrough();
  const bytes = buffer(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
  const sheet = workbook.addWorksheet('Empresas');
  for (const row of rows) sheet.addRow(row).commit();
  await sheet.commit();
  await workbook.commit();
  return bytes;
}

/**
 * The heaviest files the import's limits allow, each sent once to the preview: the server's RSS and
 * V8 heap at their peak (heap polled from /metrics every 100 ms while it answers).
 */
export async function benchImportLimits(
  kind: string,
  base: string,
  token: string,
  pid: number,
  report: (...cells: (string | number)[]) => void,
) {
  const headers = { authorization: `Bearer ${token}` };
  const fixed = Object.values(IMPORT_HEADERS);
  const extra = Array.from({ length: 40 - fixed.length }, (_, index) => `Nota ${index + 1}`);
  // 10,000 valid new companies, every cell a distinct string with a character beyond Latin-1 ('€',
  // so V8 keeps it at two bytes a character): 400,000 cells, ~9.3 million characters.
  const worst = await workbookOf(
    (function* () {
      yield [...fixed, ...extra];
      for (let index = 0; index < 10_000; index++) {
        const body = (kind === 'postgres' ? 80_000_000 : 70_000_000) + index * 7;
        yield [
          `Límite € ${index}`,
          `Límite € ${index} SpA`,
          `${body}-${computeRutCheckDigit(body)}`,
          `Ana € Pérez ${index}`,
          `limite${index}@limite.cl`,
          new Date(Date.UTC(2024, 0, 1)),
          new Date(Date.UTC(2027, 11, 31)),
          '',
          '',
          ...extra.map((_, column) => `€${index}.${column}`.padEnd(27, 'x')),
        ];
      }
    })(),
  );
  const numbers = await workbookOf(
    (function* () {
      yield [...fixed, ...Array.from({ length: 80 - fixed.length }, (_, index) => `Columna ${index + 1}`)];
      for (let index = 0; index < 10_000; index++) yield Array.from({ length: 80 }, (_, c) => (index + c) % 1000);
    })(),
  );
  for (const [label, bytes, expected] of [
    [
      'import limits: the worst file accepted, 10,000 rows × 40 distinct strings (400,000 cells, ~9.3 M characters, two-byte): preview',
      worst,
      200,
    ],
    ['import limits: 10,000 × 80 numbers (800,000 cells): preview refused at 400,000 cells', numbers, 413],
  ] as const) {
    const before = rssMb(pid);
    const heapBefore = (await heapOf(base))?.usedMb ?? Number.NaN;
    let heapPeak = heapBefore;
    const poll = setInterval(() => {
      heapOf(base)
        .then((heap) => {
          if (heap) heapPeak = Math.max(heapPeak, heap.usedMb);
        })
        .catch(() => undefined);
    }, 100);
    const started = performance.now();
    const { result: status, peakMb } = await withPeakRss(pid, async () => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'empresas.xlsx');
      const response = await fetch(`${base}/api/business/import/preview`, { method: 'POST', headers, body: form });
      const answer = (await response.json()) as { create?: unknown[]; errors?: unknown[]; message?: string };
      if (response.status !== expected || (expected === 200 && (answer.create?.length ?? 0) !== 10_000)) {
        throw new Error(`preview answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      }
      return response.status;
    });
    const elapsed = performance.now() - started;
    clearInterval(poll);
    report(
      kind,
      `${label} (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`,
      `${elapsed.toFixed(0)} ms`,
      `answered ${status}`,
      `RSS ${before.toFixed(0)} → peak ${peakMb.toFixed(0)} MB; heap used ${heapBefore.toFixed(0)} → peak ${heapPeak.toFixed(0)} MB`,
    );
  }
}
