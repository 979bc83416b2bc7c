import type { PdfDocument } from './pdf-kit.ts';

/** The firm as the top of its PDFs presents it ('Datos del estudio'). */
export interface Letterhead {
  name: string;
  rut: string;
  address: string;
  /** A PNG or JPEG checked when it was uploaded; null without one. */
  logo: Buffer | null;
}

const GREY = '#555555';
const RULE = '#cccccc';

/**
 * The firm's letterhead at the top of a PDF's first page, the same on the account statement and the
 * monthly report: the logo on the left, the name (or 'Estudio Contable' while none is typed), RUT
 * and address beside it, then a rule. Leaves `doc.y` below it.
 */
export function drawLetterhead(doc: PdfDocument, firm: Letterhead, area: { left: number; top: number; width: number }) {
  const { left, top, width } = area;
  let textLeft = left;
  let logoBottom = top;
  if (firm.logo) {
    try {
      doc.image(firm.logo, left, top, { fit: [110, 48] });
      textLeft = left + 122;
      logoBottom = top + 48;
    } catch {
      // A logo PDFKit cannot read (checked when it was uploaded) is left out rather than lose the PDF.
    }
  }
  const textWidth = width - (textLeft - left);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('black')
    .text(firm.name || 'Estudio Contable', textLeft, top, { width: textWidth });
  doc.font('Helvetica').fontSize(8.5).fillColor(GREY);
  if (firm.rut) doc.text(`RUT ${firm.rut}`, textLeft, doc.y, { width: textWidth });
  if (firm.address) doc.text(firm.address, textLeft, doc.y, { width: textWidth });
  doc.y = Math.max(doc.y, logoBottom) + 10;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.y += 10;
  doc.x = left;
}
