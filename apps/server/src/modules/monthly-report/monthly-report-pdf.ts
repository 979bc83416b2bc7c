import type { Readable } from 'node:stream';
import { reportMsg, reportPeriodLabel } from '@app/shared/messages-report';
import { formatMoney } from '@app/shared/money';
import { loadPdfKit, type PdfDocument } from '../../lib/pdf-kit.ts';
import { drawLetterhead } from '../../lib/pdf-letterhead.ts';
import type { MonthlyReportData, ReportService } from './monthly-report-data.ts';

const PAGE = { size: 'A4' as const, margin: 40 };
const PAGE_WIDTH = 595.28;
const WIDTH = PAGE_WIDTH - 2 * PAGE.margin;
const GREY = '#555555';
const RULE = '#cccccc';
/** How each standing against the due date is coloured: done on time green, late and overdue red. */
const PUNCTUALITY_COLOURS = { onTime: '#2b8a3e', late: '#c92a2a', overdue: '#c92a2a', pending: '#555555' } as const;

const dayText = (isoDate: string) => isoDate.split('-').reverse().join('-');
const colourOf = (colour: string | null) => (colour && /^#[0-9a-f]{6}$/i.test(colour) ? colour : null);

/** A column of a table: its share of the page's width and its alignment. */
interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A cell: its text, and optionally its colour and a dot of a colour before it (a state's). */
interface Cell {
  text: string;
  colour?: string;
  dot?: string | null;
}

/**
 * What the board's cell shows, in one line: 'F29 — Pagado $1.234.567' (the state's name, then its
 * value as pesos when the state has one).
 */
export function serviceLine(service: Pick<ReportService, 'name' | 'state' | 'value'>): string {
  const shown = [service.state ?? '', service.value === null ? '' : formatMoney(service.value)]
    .filter(Boolean)
    .join(' ');
  return shown ? `${service.name} — ${shown}` : service.name;
}

/** Where a cell stands against its due date, in words: 'Cumplido a tiempo (12-11-2026)', 'Vencido sin terminar'. */
export function punctualityText(service: Pick<ReportService, 'dueDate' | 'punctuality' | 'reachedDay'>): string {
  if (service.dueDate === null) return reportMsg.noDueDate;
  const label = reportMsg.punctualityLabels[service.punctuality];
  const done = service.punctuality === 'onTime' || service.punctuality === 'late';
  return done && service.reachedDay ? `${label} (${dayText(service.reachedDay)})` : label;
}

/**
 * The monthly report as a PDF (A4, Spanish, es-CL money), streamed as PDFKit writes it: the firm's
 * letterhead (logo, name, RUT, address), the company and period, the month's services with their
 * due dates, the documents of the period, the requests still waiting, the balance when included
 * and, once wired in, the messages waiting for an answer. Tables break across pages with their
 * header repeated, long texts wrap in their column, and each page carries its number at the foot.
 * Uses the PDF's standard Helvetica, whose encoding covers Spanish (á, ñ, ¿, —).
 */
export async function monthlyReportPdf(data: MonthlyReportData): Promise<Readable> {
  const PDFDocument = await loadPdfKit();
  const doc: PdfDocument = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: false,
    autoFirstPage: false,
    info: {
      Title: `${reportMsg.title} ${data.business.name} ${reportPeriodLabel(data.period)}`,
      Author: data.firm.name || 'Estudio Contable',
    },
  });
  const left = PAGE.margin;
  const bottom = () => doc.page.height - PAGE.margin;
  const running = `${data.business.name} · ${reportMsg.title} ${reportPeriodLabel(data.period).toLowerCase()}`;
  let pages = 0;

  // Every page: its number at the foot, and after the first a line saying whose report it is.
  doc.on('pageAdded', () => {
    pages += 1;
    // A text that runs onto the new page goes on in its own font and colour.
    const internal = doc as unknown as { _font: { name: string }; _fontSize: number };
    const font = internal._font?.name;
    const size = internal._fontSize;
    doc.save();
    const margins = doc.page.margins;
    const { bottom: kept } = margins;
    margins.bottom = 0; // writing below the margin must not open another page
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(reportMsg.page(pages), left, doc.page.height - 28, { width: WIDTH, align: 'right', lineBreak: false });
    margins.bottom = kept;
    if (pages > 1) {
      doc.text(running, left, PAGE.margin - 18, { width: WIDTH, lineBreak: false });
    }
    doc.restore();
    if (font) doc.font(font);
    if (size) doc.fontSize(size);
    doc.x = left;
    doc.y = PAGE.margin;
  });
  doc.addPage();

  /** A section's title, on a new page when what must follow it (`keep` points) does not fit below it. */
  const heading = (text: string, keep = 40) => {
    if (doc.y + 30 + keep > bottom()) doc.addPage();
    doc
      .moveDown(0.9)
      .font('Helvetica-Bold')
      .fontSize(11.5)
      .fillColor('black')
      .text(text, left, doc.y, { width: WIDTH });
    doc.moveDown(0.3);
  };
  const paragraph = (text: string, colour = 'black') => {
    doc.font('Helvetica').fontSize(9.5).fillColor(colour).text(text, left, doc.y, { width: WIDTH });
  };

  /** How high a table's header and first row stand: what its section's title keeps with it. */
  function tableStart(columns: Column[], rows: Cell[][]) {
    return (
      rowHeight(
        columns,
        columns.map((column) => ({ text: column.header })),
        true,
      ) +
      rowHeight(columns, rows[0] ?? [], false) +
      8
    );
  }

  function rowHeight(columns: Column[], cells: Cell[], bold: boolean) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    return Math.max(
      ...columns.map((column, index) => {
        const cell = cells[index];
        const room = column.width * WIDTH - 4 - (cell?.dot ? 9 : 0);
        return doc.heightOfString(cell?.text || ' ', { width: room });
      }),
    );
  }

  function table(columns: Column[], rows: Cell[][]) {
    const fontSize = 8.5;
    const pad = 2;
    const dotRoom = 9;
    const heightOf = (cells: Cell[], bold: boolean) => rowHeight(columns, cells, bold);
    const draw = (cells: Cell[], bold: boolean) => {
      const height = heightOf(cells, bold);
      const y = doc.y;
      let x = left;
      columns.forEach((column, index) => {
        const cell = cells[index] ?? { text: '' };
        const width = column.width * WIDTH;
        let textX = x + pad;
        let room = width - 2 * pad;
        if (cell.dot) {
          doc.circle(textX + 3, y + fontSize / 2 + 0.5, 3).fill(cell.dot);
          textX += dotRoom;
          room -= dotRoom;
        }
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(fontSize)
          .fillColor(cell.colour ?? 'black')
          .text(cell.text, textX, y, { width: room, align: column.align ?? 'left' });
        x += width;
      });
      doc.y = y + height + 4;
      doc
        .moveTo(left, doc.y - 2)
        .lineTo(left + WIDTH, doc.y - 2)
        .lineWidth(0.3)
        .strokeColor(RULE)
        .stroke();
    };
    const header = columns.map((column) => ({ text: column.header }));
    // The header never ends a page alone: it goes where its first row fits.
    if (doc.y + heightOf(header, true) + heightOf(rows[0] ?? [], false) + 8 > bottom()) doc.addPage();
    draw(header, true);
    for (const cells of rows) {
      if (doc.y + heightOf(cells, false) + 4 > bottom()) {
        doc.addPage();
        draw(header, true); // the table goes on: its header again at the top of the new page
      }
      draw(cells, false);
    }
    doc.x = left;
  }

  drawLetterhead(doc, data.firm, { left, top: PAGE.margin, width: WIDTH });

  // The company and the period.
  doc.font('Helvetica-Bold').fontSize(18).fillColor('black').text(reportMsg.title, left, doc.y, { width: WIDTH });
  doc.moveDown(0.2).font('Helvetica-Bold').fontSize(12).text(data.business.name, left, doc.y, { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .text(`${data.business.razonSocial} · RUT ${data.business.rut}`, left, doc.y, { width: WIDTH })
    .fillColor(GREY)
    .text(`${reportMsg.periodLine(data.period)} · ${reportMsg.generatedOn(data.today)}`, left, doc.y, {
      width: WIDTH,
    });

  /** A section holding a table: its title stays with the table's header and first row; '…none' when empty. */
  const tableSection = (title: string, columns: Column[], rows: Cell[][], none: string) => {
    if (rows.length === 0) {
      heading(title);
      paragraph(none, GREY);
      return;
    }
    heading(title, tableStart(columns, rows));
    table(columns, rows);
  };

  tableSection(
    reportMsg.servicesHeading,
    [
      { header: 'Servicio y estado', width: 0.52 },
      { header: 'Vence', width: 0.14 },
      { header: 'Cumplimiento', width: 0.34 },
    ],
    data.services.map((service) => [
      { text: serviceLine(service), dot: colourOf(service.color) },
      { text: service.dueDate ? dayText(service.dueDate) : '—' },
      {
        text: punctualityText(service),
        colour: service.dueDate === null ? GREY : PUNCTUALITY_COLOURS[service.punctuality],
      },
    ]),
    reportMsg.servicesNone,
  );

  heading(reportMsg.punctualityHeading);
  const dated = data.services.filter((service) => service.dueDate !== null);
  if (dated.length === 0) paragraph(reportMsg.punctualityNone, GREY);
  else {
    const counts = { onTime: 0, late: 0, overdue: 0, pending: 0 };
    for (const service of dated) counts[service.punctuality] += 1;
    paragraph(reportMsg.punctualitySummary(counts));
  }

  tableSection(
    reportMsg.documentsHeading,
    [
      { header: 'Carpeta', width: 0.28 },
      { header: 'Documento', width: 0.46 },
      { header: 'Recibido', width: 0.13 },
      { header: 'De', width: 0.13 },
    ],
    data.documents.map((file) => [
      { text: file.folder },
      { text: file.name },
      { text: dayText(file.day) },
      { text: file.fromClient ? reportMsg.fromClient : reportMsg.fromFirm },
    ]),
    reportMsg.documentsNone,
  );

  tableSection(
    reportMsg.requestsHeading,
    [
      { header: 'Solicitud', width: 0.3 },
      { header: 'Período', width: 0.15 },
      { header: 'Vence', width: 0.12 },
      { header: 'Estado', width: 0.11 },
      { header: 'Falta', width: 0.32 },
    ],
    data.requests.map((request) => [
      { text: request.title },
      { text: reportPeriodLabel(request.period) },
      { text: dayText(request.dueDate) },
      { text: request.state, colour: request.state === 'Atrasada' ? PUNCTUALITY_COLOURS.late : undefined },
      { text: request.missing.join(', ') },
    ]),
    reportMsg.requestsNone,
  );

  if (data.balance) {
    const { totals } = data.balance;
    const columns: Column[] = [
      { header: 'Total cobrado', width: 0.2, align: 'right' },
      { header: 'Total pagado', width: 0.2, align: 'right' },
      { header: 'Pendiente', width: 0.2, align: 'right' },
      { header: 'Vencido', width: 0.2, align: 'right' },
      { header: totals.balance < 0 ? 'Saldo a favor' : 'Saldo', width: 0.2, align: 'right' },
    ];
    const rows = [
      [
        { text: formatMoney(totals.charged) },
        { text: formatMoney(totals.paid) },
        { text: formatMoney(totals.open) },
        { text: formatMoney(totals.overdue) },
        { text: formatMoney(Math.abs(totals.balance)) },
      ],
    ];
    heading(reportMsg.balanceHeading, 20 + tableStart(columns, rows));
    paragraph(reportMsg.balanceAsOf(data.balance.asOf), GREY);
    doc.moveDown(0.3);
    table(columns, rows);
  }

  // SLOT 'Mensajes esperando respuesta': shown once the messages module hands its count in.
  if (data.pendingMessages !== null) {
    heading(reportMsg.messagesHeading);
    paragraph(reportMsg.messagesCount(data.pendingMessages));
  }

  doc.end();
  return doc as unknown as Readable;
}
