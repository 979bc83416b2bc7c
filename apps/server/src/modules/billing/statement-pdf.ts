import type { Readable } from 'node:stream';
import { AGING_BUCKET_LABELS } from '@app/shared/billing';
import { chileanDate, collectionsMsg } from '@app/shared/messages-billing-collections';
import { formatMoney } from '@app/shared/money';
import type { Statement } from '@app/shared/schemas/billing-collections';
import { loadPdfKit } from '../../lib/pdf-kit.ts';
import { drawLetterhead, type Letterhead } from '../../lib/pdf-letterhead.ts';
import { transferLines } from './billing-settings.service.ts';

const PAGE = { size: 'A4' as const, margin: 40 };
const WIDTH = 595.28 - 2 * PAGE.margin;
const GREY = '#555555';

/** A column of a table: its share of the page's width and its alignment. */
interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * The account statement as a PDF (A4, Spanish, es-CL money), streamed as PDFKit writes it: the
 * firm's letterhead, the company, the totals, every movement with its running balance, the charges still open, the
 * receipts waiting, and where to transfer. Uses the PDF's standard Helvetica, whose encoding
 * covers Spanish (á, ñ, ¿, °).
 */
export async function statementPdf(statement: Statement, firm: Letterhead): Promise<Readable> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: false,
    info: {
      Title: `${collectionsMsg.statementTitle} ${statement.business.name}`,
      Author: firm.name || 'Estudio Contable',
    },
  });
  const left = PAGE.margin;
  const bottom = () => doc.page.height - PAGE.margin;

  const heading = (text: string) => {
    if (doc.y > bottom() - 60) doc.addPage();
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor('black').text(text, left, doc.y, { width: WIDTH });
    doc.moveDown(0.3);
  };

  function table(columns: Column[], rows: string[][]) {
    const headers = columns.map((column) => column.header);
    const row = (cells: string[], bold: boolean) => {
      if (doc.y > bottom() - 16) {
        doc.addPage();
        // The table goes on: its header again at the top of the new page.
        if (!bold) row(headers, true);
      }
      const y = doc.y;
      let x = left;
      let height = 0;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8.5)
        .fillColor('black');
      columns.forEach((column, index) => {
        const width = column.width * WIDTH;
        const text = cells[index] ?? '';
        doc.text(text, x + 2, y, { width: width - 4, align: column.align ?? 'left' });
        height = Math.max(height, doc.heightOfString(text, { width: width - 4 }));
        x += width;
      });
      doc.y = y + height + 3;
      doc
        .moveTo(left, doc.y - 1.5)
        .lineTo(left + WIDTH, doc.y - 1.5)
        .lineWidth(0.3)
        .strokeColor('#cccccc')
        .stroke();
    };
    row(headers, true);
    for (const cells of rows) row(cells, false);
  }

  // Heading: the firm's letterhead, the title, the company and the day.
  drawLetterhead(doc, firm, { left, top: PAGE.margin, width: WIDTH });
  doc.font('Helvetica-Bold').fontSize(18).fillColor('black').text(collectionsMsg.statementTitle, left, doc.y);
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11).text(statement.business.name);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .text(`${statement.business.razonSocial} · RUT ${statement.business.rut}`)
    .fillColor(GREY)
    .text(`Al ${chileanDate(statement.asOf)}`);

  const { totals } = statement;
  heading('Resumen');
  table(
    [
      { header: 'Total cobrado', width: 0.2, align: 'right' },
      { header: 'Total pagado', width: 0.2, align: 'right' },
      { header: 'Pendiente', width: 0.2, align: 'right' },
      { header: 'Vencido', width: 0.2, align: 'right' },
      { header: totals.balance < 0 ? 'Saldo a favor' : 'Saldo', width: 0.2, align: 'right' },
    ],
    [
      [
        formatMoney(totals.charged),
        formatMoney(totals.paid),
        formatMoney(totals.open),
        formatMoney(totals.overdue),
        formatMoney(Math.abs(totals.balance)),
      ],
    ],
  );

  const open = statement.charges.filter((charge) => charge.open > 0);
  if (open.length > 0) {
    heading('Cobros pendientes');
    table(
      [
        { header: 'Cobro', width: 0.34 },
        { header: 'Vence', width: 0.13 },
        { header: 'Atraso', width: 0.13 },
        { header: 'Total', width: 0.13, align: 'right' },
        { header: 'Pagado', width: 0.13, align: 'right' },
        { header: 'Pendiente', width: 0.14, align: 'right' },
      ],
      open.map((charge) => [
        charge.folio ? `${charge.description} (folio ${charge.folio})` : charge.description,
        chileanDate(charge.dueDate),
        charge.bucket ? AGING_BUCKET_LABELS[charge.bucket] : '',
        formatMoney(charge.total ?? 0),
        formatMoney(charge.paid),
        formatMoney(charge.open),
      ]),
    );
  }

  heading('Datos para transferir');
  doc.font('Helvetica').fontSize(9.5).fillColor('black');
  const transfer = statement.transfer ? transferLines(statement.transfer) : [collectionsMsg.statementNoTransfer];
  for (const text of transfer) doc.text(text, left, doc.y, { width: WIDTH });

  heading('Movimientos');
  table(
    [
      { header: 'Fecha', width: 0.13 },
      { header: 'Detalle', width: 0.42 },
      { header: 'Cargo', width: 0.15, align: 'right' },
      { header: 'Abono', width: 0.15, align: 'right' },
      { header: 'Saldo', width: 0.15, align: 'right' },
    ],
    statement.lines.map((line) => [
      chileanDate(line.date),
      line.text,
      line.debit ? formatMoney(line.debit) : '',
      line.credit ? formatMoney(line.credit) : '',
      line.balance < 0 ? `-${formatMoney(-line.balance)}` : formatMoney(line.balance),
    ]),
  );

  const waiting = statement.receipts.filter((receipt) => receipt.status === 'to_confirm');
  if (waiting.length > 0) {
    heading('Comprobantes por confirmar');
    table(
      [
        { header: 'Fecha', width: 0.3 },
        { header: 'Monto', width: 0.3, align: 'right' },
        { header: 'Estado', width: 0.4 },
      ],
      waiting.map((receipt) => [chileanDate(receipt.date), formatMoney(receipt.amount), receipt.statusText]),
    );
  }

  doc.end();
  return doc as unknown as Readable;
}
