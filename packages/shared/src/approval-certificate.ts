import { approvalsMsg, santiagoDateTime } from './messages-approvals.ts';
import type { Approval } from './schemas/approvals.ts';

/** A size as people read it: '84 KB', '2,5 MB'. */
export const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-CL')} KB`
    : `${(bytes / 1024 / 1024).toLocaleString('es-CL', { maximumFractionDigits: 1 })} MB`;

/** The certificate's rows, label and value, in the order the page and the PDF show them. */
export function certificateRows(approval: Approval): { label: string; value: string; mono?: boolean }[] {
  const rows: { label: string; value: string; mono?: boolean }[] = [
    { label: 'Empresa', value: approval.businessName },
    { label: 'Solicitud', value: approval.title },
    {
      label: 'Documento',
      value: `${approval.document.name} (${sizeText(approval.document.size)}, ${approval.document.size.toLocaleString('es-CL')} bytes)`,
    },
    { label: 'Huella SHA-256', value: approval.document.sha256, mono: true },
    { label: 'Solicitado por', value: `${approval.requestedBy}, el ${santiagoDateTime(approval.requestedAt)}` },
  ];
  if (approval.message) rows.push({ label: 'Mensaje', value: approval.message });
  rows.push(
    { label: 'Respuesta', value: approval.answerText ?? approval.statusText },
    {
      label: 'Respondido por',
      value: approval.answeredByEmail
        ? `${approval.answeredBy} <${approval.answeredByEmail}>`
        : (approval.answeredBy ?? ''),
    },
    { label: 'Fecha y hora', value: approval.answeredAt ? santiagoDateTime(approval.answeredAt) : '' },
    { label: 'Dirección IP', value: approval.answerIp ?? '' },
    { label: 'Navegador', value: approval.answerUserAgent || '—' },
    { label: 'Comentario', value: approval.comment || '—' },
  );
  return rows;
}

/** The certificate's title: of approval, or the record of a rejection. */
export const certificateTitle = (approval: Approval) =>
  approval.status === 'rejected' ? approvalsMsg.rejectionCertificateTitle : approvalsMsg.certificateTitle;
