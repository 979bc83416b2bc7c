import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './content-disposition';

describe("a download keeps the server's file name", () => {
  it('reads the UTF-8 name first, then the quoted one, then the bare one', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="correos-2026-11-24.xlsx"; filename*=UTF-8''correos-%C3%B1-2026-11-24.xlsx`,
        'x',
      ),
    ).toBe('correos-ñ-2026-11-24.xlsx');
    expect(fileNameFromDisposition('attachment; filename="empresas.xlsx"', 'x')).toBe('empresas.xlsx');
    expect(fileNameFromDisposition('attachment; filename=empresas.xlsx', 'x')).toBe('empresas.xlsx');
  });

  it('falls back when the header is missing, empty or its encoding is broken', () => {
    expect(fileNameFromDisposition(null, 'descarga.xlsx')).toBe('descarga.xlsx');
    expect(fileNameFromDisposition('attachment', 'descarga.xlsx')).toBe('descarga.xlsx');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'descarga.xlsx')).toBe('descarga.xlsx');
  });
});
