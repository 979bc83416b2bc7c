/**
 * PDFKit and the fonts' metrics it reads load with the first PDF, not at start-up (the statements
 * and monthly reports are asked for now and then, as the .xlsx exports' ExcelJS).
 */
export type PdfKit = typeof import('pdfkit');
export type PdfDocument = InstanceType<PdfKit>;

let pdfkit: Promise<PdfKit> | undefined;

export function loadPdfKit(): Promise<PdfKit> {
  pdfkit ??= import('pdfkit').then((module) => (module as unknown as { default: PdfKit }).default);
  return pdfkit;
}
