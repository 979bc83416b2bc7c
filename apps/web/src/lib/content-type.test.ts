import { describe, expect, it } from 'vitest';
import { contentTypeLook } from './content-type';

describe("a stored file's type", () => {
  it('is named by the type its content was recognised as', () => {
    expect(contentTypeLook('application/pdf').label).toBe('PDF');
    expect(contentTypeLook('application/xml').label).toBe('XML');
    expect(contentTypeLook('image/jpeg').label).toBe('JPG');
    expect(contentTypeLook('image/png').label).toBe('PNG');
    expect(contentTypeLook('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').label).toBe('Excel');
    expect(contentTypeLook('text/csv; charset=utf-8').label).toBe('CSV');
  });

  it('falls back to a plain file for a type it does not know', () => {
    expect(contentTypeLook('application/octet-stream').label).toBe('Archivo');
    expect(contentTypeLook('').label).toBe('Archivo');
  });
});
