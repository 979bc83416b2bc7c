import type { Readable } from 'node:stream';
import { certificateRows, certificateTitle } from '@app/shared/approval-certificate';
import { approvalsMsg, santiagoDateTime } from '@app/shared/messages-approvals';
import type { Approval } from '@app/shared/schemas/approvals';

/** PDFKit loads with the first certificate, not at start-up (as the account statement's). */
type PdfKit = typeof import('pdfkit');
let pdfkit: Promise<PdfKit> | undefined;
const loadPdfKit = () => {
  pdfkit ??= import('pdfkit').then((module) => (module as unknown as { default: PdfKit }).default);
  return pdfkit;
};

const PAGE = { size: 'A4' as const, margin: 50 };
const WIDTH = 595.28 - 2 * PAGE.margin;
const LABEL_WIDTH = 130;
const GREY = '#555555';

/**
 * 'Certificado de aprobación' as a PDF (A4, Spanish), streamed as PDFKit writes it: the firm, the
 * document and its SHA-256, who asked and when, who answered, when (America/Santiago), from which
 * address and browser, the answer and its comment, and what the signature means. The standard
 * Helvetica and Courier, whose encoding covers Spanish.
 */
export async function certificatePdf(approval: Approval, firmName: string, generatedAt: Date): Promise<Readable> {
  const PDFDocument = await loadPdfKit();
  const title = certificateTitle(approval);
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    info: { Title: `${title} ${approval.title}`, Author: firmName },
  });
  const left = PAGE.margin;

  doc.font('Helvetica').fontSize(10).fillColor(GREY).text(firmName, left, PAGE.margin, { width: WIDTH });
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(20).fillColor('black').text(title, { width: WIDTH });
  doc
    .moveDown(0.2)
    .font('Helvetica')
    .fontSize(10)
    .fillColor(GREY)
    .text(`N° ${approval.id} · ${approval.statusText}`, { width: WIDTH });
  doc.moveDown(1);

  for (const row of certificateRows(approval)) {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('black')
      .text(row.label, left, y, { width: LABEL_WIDTH - 8 });
    const labelBottom = doc.y;
    doc
      .font(row.mono ? 'Courier' : 'Helvetica')
      .fontSize(row.mono ? 9 : 10)
      .text(row.value, left + LABEL_WIDTH, y, { width: WIDTH - LABEL_WIDTH });
    doc.y = Math.max(doc.y, labelBottom) + 6;
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + WIDTH, doc.y - 3)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
  }

  doc.moveDown(1.2);
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text(approvalsMsg.legalNote, left, doc.y, { width: WIDTH });
  doc
    .moveDown(0.6)
    .text(`Certificado generado por ${firmName} el ${santiagoDateTime(generatedAt)}.`, left, doc.y, { width: WIDTH });
  doc.end();
  return doc as unknown as Readable;
}
