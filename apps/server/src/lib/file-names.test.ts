import { describe, expect, it } from 'vitest';
import { attachmentHeader, sanitizeFileName } from './file-names.ts';

describe('sanitizeFileName', () => {
  it('keeps a plain Spanish name and ends in the extension of the content found (.pdf unless told)', () => {
    expect(sanitizeFileName('Declaración F29 octubre.PDF')).toBe('Declaración F29 octubre.pdf');
    expect(sanitizeFileName('balance')).toBe('balance.pdf');
    expect(sanitizeFileName('factura.PDF', 'png')).toBe('factura.png');
    expect(sanitizeFileName('boleta.jpeg', 'jpg')).toBe('boleta.jpg');
    expect(sanitizeFileName('DTE 33.xml', 'xml')).toBe('DTE 33.xml');
    expect(sanitizeFileName('libro.compras.csv', 'csv')).toBe('libro.compras.csv');
    expect(sanitizeFileName('planilla.exe', 'xlsx')).toBe('planilla.exe.xlsx');
  });

  it('drops folders, control and direction characters, and names that are only dots', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd.pdf');
    expect(sanitizeFileName('C:\\Users\\ana\\boleta.pdf')).toBe('boleta.pdf');
    expect(sanitizeFileName('factura\u202egpj.pdf')).toBe('facturagpj.pdf');
    expect(sanitizeFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(sanitizeFileName('...')).toBe('documento.pdf');
    expect(sanitizeFileName(`${'x'.repeat(400)}.pdf`)).toHaveLength(154);
    expect(sanitizeFileName(`${'x'.repeat(400)}.xlsx`, 'xlsx')).toHaveLength(155);
  });
});

describe('attachmentHeader', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentHeader('Declaración "F29".pdf')).toBe(
      `attachment; filename="Declaracion _F29_.pdf"; filename*=UTF-8''Declaraci%C3%B3n%20%22F29%22.pdf`,
    );
  });
});
