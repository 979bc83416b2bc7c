import type { MessageResponse } from '@app/shared/errors';
import type {
  BillingMonth,
  Charge,
  ChargeList,
  ChargeUpdate,
  GenerateChargesResult,
  IssueCharges,
  IssuedImportPreview,
} from '@app/shared/schemas/billing';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { downloadFile } from '../../lib/download-file';
import { postFiles } from '../documents/upload-files';
import { chargesPath } from './charges-url';
import { billingInvalidation } from './invalidation';
import { billingKeys } from './keys';

const monthParams = ({ year, month }: BillingMonth) => ({ year, month });

/** GET /api/billing/charges?year=&month=: the month's charges by company name, with the month's totals. */
export const getCharges = (month: BillingMonth) => api<ChargeList>(chargesPath(month));

export const chargesQueryOptions = (month: BillingMonth) =>
  queryOptions({ queryKey: billingKeys.charges(month), queryFn: () => getCharges(month) });

export const useCharges = (month: BillingMonth) => useQuery(chargesQueryOptions(month));

/** POST /api/billing/charges/generate: the month's charges, each created once (a second run creates nothing). */
const generateCharges = (month: BillingMonth) =>
  api<GenerateChargesResult>('/billing/charges/generate', { method: 'POST', body: monthParams(month) });

export const useGenerateCharges = () =>
  useInvalidatingMutation(generateCharges, () => billingInvalidation.chargesChanged());

type ChargeSaved = MessageResponse & { charge: Charge };

/** PUT /api/billing/charges/{id}: a draft's detail and amount (in its currency). */
const updateCharge = ({ id, ...body }: ChargeUpdate & { id: number }) =>
  api<ChargeSaved>(`/billing/charges/${id}`, { method: 'PUT', body });

export const useUpdateCharge = () => useInvalidatingMutation(updateCharge, () => billingInvalidation.chargesChanged());

/** POST /api/billing/charges/{id}/void: with its required reason. */
const voidCharge = ({ id, reason }: { id: number; reason: string }) =>
  api<ChargeSaved>(`/billing/charges/${id}/void`, { method: 'POST', body: { reason } });

export const useVoidCharge = () => useInvalidatingMutation(voidCharge, () => billingInvalidation.chargesChanged());

/** POST /api/billing/charges/issue: all or none; a refusal's `details.itemErrors` names each refused charge. */
const issueCharges = (body: IssueCharges) =>
  api<MessageResponse & { issued: number }>('/billing/charges/issue', { method: 'POST', body });

export const useIssueCharges = () => useInvalidatingMutation(issueCharges, () => billingInvalidation.chargesChanged());

/** GET /api/billing/charges/export: 'Exportar para facturar' as .xlsx or .csv, saved under the server's name. */
export const exportChargesForInvoicing = ({ format, ...month }: BillingMonth & { format: 'xlsx' | 'csv' }) =>
  downloadFile('/billing/charges/export', { params: { ...monthParams(month), format } });

export const useExportCharges = () => useMutation({ mutationFn: exportChargesForInvoicing });

/** POST …/issued-import/preview: each line of the invoicing tool's export matched to a charge. Writes nothing. */
const previewIssuedImport = ({ file, month }: { file: File; month: BillingMonth }) =>
  postFiles<IssuedImportPreview>(`/billing/charges/issued-import/preview?year=${month.year}&month=${month.month}`, [
    file,
  ]);

export const usePreviewIssuedImport = () => useMutation({ mutationFn: previewIssuedImport });

/** POST …/issued-import/confirm: every matched charge marked issued, or none. */
const confirmIssuedImport = ({ file, month }: { file: File; month: BillingMonth }) =>
  postFiles<MessageResponse & { issued: number }>(
    `/billing/charges/issued-import/confirm?year=${month.year}&month=${month.month}`,
    [file],
  );

export const useConfirmIssuedImport = () =>
  useInvalidatingMutation(confirmIssuedImport, () => billingInvalidation.chargesChanged());
