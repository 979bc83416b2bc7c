import type {
  Approval,
  ApprovalAnswerInput,
  ApprovalCertificate,
  ApprovalFileChoice,
  ApprovalRequestInput,
  ApprovalSaved,
} from '@app/shared/schemas/approvals';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { type CacheEffect, useInvalidatingMutation } from '../../lib/cache-effect';
import { downloadFile } from '../../lib/download-file';

/** The approvals' cached queries: a company's list, one request, its certificate, the file picker. */
export const approvalKeys = {
  all: ['approvals'] as const,
  ofBusiness: (businessId: number) => ['approvals', 'business', businessId] as const,
  one: (id: number) => ['approvals', 'one', id] as const,
  certificate: (id: number) => ['approvals', 'certificate', id] as const,
  files: (businessId: number) => ['approvals', 'files', businessId] as const,
};

/** Any request asked, answered or cancelled: every approval query (lists, one, certificates). */
export const approvalInvalidation = {
  changed: (): CacheEffect => ({ invalidate: [approvalKeys.all] }),
};

/** GET /api/business/{businessId}/approvals: the company's approvals, newest first. */
export const useBusinessApprovals = (businessId: number | null) =>
  useQuery({
    queryKey: approvalKeys.ofBusiness(businessId ?? 0),
    queryFn: () => api<Approval[]>(`/business/${businessId}/approvals`),
    enabled: businessId !== null,
  });

/** GET /api/approvals/{id}. */
export const useApproval = (id: number) =>
  useQuery({ queryKey: approvalKeys.one(id), queryFn: () => api<Approval>(`/approvals/${id}`) });

/** GET /api/approvals/{id}/certificate: the certificate page's data (409 while pending). */
export const useApprovalCertificate = (id: number) =>
  useQuery({
    queryKey: approvalKeys.certificate(id),
    queryFn: () => api<ApprovalCertificate>(`/approvals/${id}/certificate`),
    retry: false,
  });

/** GET /api/business/{businessId}/approvals/files: the company's files to choose from (staff). */
export const useApprovalFileChoices = (businessId: number, enabled: boolean) =>
  useQuery({
    queryKey: approvalKeys.files(businessId),
    queryFn: () => api<ApprovalFileChoice[]>(`/business/${businessId}/approvals/files`),
    enabled,
  });

/** 'Solicitar aprobación': a company file (JSON) or a PDF uploaded right there (multipart, fields first). */
export type RequestApprovalInput =
  | { businessId: number; kind: 'file'; body: ApprovalRequestInput }
  | {
      businessId: number;
      kind: 'upload';
      file: File;
      fields: { title: string; message: string; reminderDays: number };
    };

export function requestApproval(input: RequestApprovalInput): Promise<ApprovalSaved> {
  if (input.kind === 'file') {
    return api<ApprovalSaved>(`/business/${input.businessId}/approvals`, { method: 'POST', body: input.body });
  }
  const body = new FormData();
  body.append('title', input.fields.title);
  body.append('message', input.fields.message);
  body.append('reminderDays', String(input.fields.reminderDays));
  body.append('file', input.file, input.file.name);
  return api<ApprovalSaved>(`/business/${input.businessId}/approvals/upload`, { method: 'POST', body });
}

export const useRequestApproval = () => useInvalidatingMutation(requestApproval, approvalInvalidation.changed);

/** POST /api/approvals/{id}/answer: the client's 'Apruebo' or 'Rechazo'. */
export const useAnswerApproval = () =>
  useInvalidatingMutation(
    ({ id, body }: { id: number; body: ApprovalAnswerInput }) =>
      api<ApprovalSaved>(`/approvals/${id}/answer`, { method: 'POST', body }),
    approvalInvalidation.changed,
  );

/** POST /api/approvals/{id}/cancel (staff). */
export const useCancelApproval = () =>
  useInvalidatingMutation(
    (id: number) => api<ApprovalSaved>(`/approvals/${id}/cancel`, { method: 'POST', body: {} }),
    approvalInvalidation.changed,
  );

/** GET /api/approvals/{id}/document: the document, saved under its name. */
export const downloadApprovalDocument = (id: number) => downloadFile(`/approvals/${id}/document`);

/** GET /api/approvals/{id}/certificate.pdf. */
export const downloadApprovalCertificate = (id: number) => downloadFile(`/approvals/${id}/certificate.pdf`);
