import { createHash } from 'node:crypto';
import type { Approval } from '@app/shared/schemas/approvals';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-fixtures.ts';
import { certificatePdf } from './certificate-pdf.ts';

const bytes = Buffer.from('%PDF-1.4 balance 2025 de Los Aromos %%EOF');
const sha256 = createHash('sha256').update(bytes).digest('hex');

/** An approved request as the API presents it. */
const approvedExample: Approval = {
  id: 42,
  businessId: 7,
  businessName: 'Comercial Los Aromos SpA',
  title: 'Balance 2025',
  message: 'Revisa las notas 3 y 4, por favor.',
  status: 'approved',
  statusText: 'Aprobado',
  document: {
    name: 'balance-2025-los-aromos.pdf',
    size: 184_320,
    contentType: 'application/pdf',
    sha256,
    fileId: 9,
    source: 'file',
    available: true,
  },
  requestedBy: 'Carolina Muñoz',
  requestedAt: '2026-10-14T13:05:00.000Z',
  reminderDays: 3,
  answer: 'approve',
  answerText: 'Apruebo',
  comment: 'Conforme, gracias.',
  answeredBy: 'Camila Rojas Ñúñez',
  answeredByEmail: 'cliente@losaromos.cl',
  answeredAt: '2026-10-15T21:33:07.000Z',
  answerIp: '203.0.113.7',
  answerUserAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
  cancelledBy: null,
  cancelledAt: null,
  requestMail: 'sent',
  reminders: { count: 0, lastAt: null, lastDelivery: null },
};

async function pdfBytes(approval: Approval, firm = 'Estudio Contable Muñoz & Asociados') {
  const chunks: Buffer[] = [];
  for await (const chunk of await certificatePdf(approval, firm, new Date('2026-10-16T12:00:00Z'))) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

describe('the certificate PDF', () => {
  it('shows the document, its SHA-256, who asked, who answered, when in Santiago, from where, the answer and the firm', async () => {
    const pdf = await pdfBytes(approvedExample);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Estudio Contable Muñoz & Asociados',
      'Certificado de aprobación',
      'Comercial Los Aromos SpA',
      'Balance 2025',
      'balance-2025-los-aromos.pdf',
      sha256,
      'Carolina Muñoz, el 14-10-2026 10:05:00 (hora de Chile, America/Santiago)',
      'Apruebo',
      'Camila Rojas Ñúñez <cliente@losaromos.cl>',
      // 21:33 UTC on 15 October 2026 is 18:33 in Santiago (summer time, UTC−3).
      '15-10-2026 18:33:07 (hora de Chile, America/Santiago)',
      '203.0.113.7',
      'Conforme, gracias.',
      'Ley 19.799',
    ]) {
      expect(text).toContain(expected);
    }
    // The hash is written whole on one line (never broken across two).
    expect(text.split('\n').some((line) => line.includes(sha256))).toBe(true);
  });

  it("titles a rejection 'Constancia de rechazo' with the client's comment", async () => {
    const text = pdfText(
      await pdfBytes({
        ...approvedExample,
        status: 'rejected',
        statusText: 'Rechazado',
        answer: 'reject',
        answerText: 'Rechazo',
        comment: 'Falta la nota 5',
      }),
    );
    expect(text).toContain('Constancia de rechazo');
    expect(text).toContain('Rechazo');
    expect(text).toContain('Falta la nota 5');
    expect(text).not.toContain('Certificado de aprobación');
  });
});
