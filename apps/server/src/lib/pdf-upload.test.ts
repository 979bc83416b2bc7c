import { describe, expect, it } from 'vitest';
import { attachmentHeader, looksLikePdf, sanitizeFileName } from './pdf-upload.ts';

describe('looksLikePdf', () => {
  it('accepts a PDF by its header and end marker, and refuses other content named .pdf', () => {
    expect(looksLikePdf(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n'))).toBe(true);
    expect(looksLikePdf(Buffer.from('PK\u0003\u0004 not a pdf at all, a zip renamed to .pdf'))).toBe(false);
    expect(looksLikePdf(Buffer.from('%PDF-1.7 but cut short before its end'))).toBe(false);
    expect(looksLikePdf(Buffer.from(''))).toBe(false);
  });
});

describe('sanitizeFileName', () => {
  it('keeps a plain Spanish name and always ends in .pdf', () => {
    expect(sanitizeFileName('Declaración F29 octubre.PDF')).toBe('Declaración F29 octubre.pdf');
    expect(sanitizeFileName('balance')).toBe('balance.pdf');
  });

  it('drops folders, control and direction characters, and names that are only dots', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd.pdf');
    expect(sanitizeFileName('C:\\Users\\ana\\boleta.pdf')).toBe('boleta.pdf');
    expect(sanitizeFileName('factura\u202egpj.pdf')).toBe('facturagpj.pdf');
    expect(sanitizeFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(sanitizeFileName('...')).toBe('documento.pdf');
    expect(sanitizeFileName(`${'x'.repeat(400)}.pdf`)).toHaveLength(154);
  });
});

describe('attachmentHeader', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentHeader('Declaración "F29".pdf')).toBe(
      `attachment; filename="Declaracion _F29_.pdf"; filename*=UTF-8''Declaraci%C3%B3n%20%22F29%22.pdf`,
    );
  });
});
