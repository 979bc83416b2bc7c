import { currentPeriod } from '@app/shared/period';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';
import type { AuthUser } from '../lib/auth-user.ts';
import type { DemoServices } from './demo-services.ts';

/**
 * Client approvals for the demo, through the approvals service as staff and clients would: on the
 * first company with a client user and files, one request still pending ('Borrador F29 …'); on the
 * second, 'Balance 2025' approved by its client (from 127.0.0.1). Skipped when either has approvals.
 */
export async function seedDemoApprovals(features: DemoServices): Promise<string> {
  const { approvals, documents, businesses, users } = features;
  const owner = (await users.listStaff()).find((user) => user.role === 'owner');
  if (!owner) return 'Aprobaciones: no hay dueño, sin cambios.';
  const ownerActor: AuthUser = { id: owner.id, role: owner.role, businessId: null, sessionId: 'demo' };
  const chosen: { id: number; fileId: number; client: { id: number } }[] = [];
  for (const company of await businesses.list()) {
    const [client] = await users.listForBusiness(company.id);
    // The oldest of its recent files: one the firm uploaded, not one the client sent for a request.
    const file = (await documents.listFilesOfBusiness(company.id, 50)).at(-1);
    if (client && file) chosen.push({ id: company.id, fileId: file.id, client });
    if (chosen.length === 2) break;
  }
  const [pending, approved] = chosen;
  if (!pending || !approved) return 'Aprobaciones: no hay dos empresas con cliente y archivos, sin cambios.';
  for (const company of chosen) {
    if ((await approvals.list(ownerActor, company.id)).length > 0) return 'Aprobaciones: ya había, sin cambios.';
  }
  const { year, month } = currentPeriod();
  const by = { userId: owner.id, ip: null };
  await approvals.request(
    ownerActor,
    pending.id,
    {
      fileId: pending.fileId,
      title: `Borrador F29 ${MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan'].toLowerCase()} ${year}`,
      message: 'Revisa el borrador antes de que lo presentemos en el SII.',
      reminderDays: 3,
    },
    by,
  );
  const asked = await approvals.request(
    ownerActor,
    approved.id,
    { fileId: approved.fileId, title: 'Balance 2025', message: '', reminderDays: 3 },
    by,
  );
  const client: AuthUser = { id: approved.client.id, role: 'client', businessId: approved.id, sessionId: 'demo' };
  await approvals.answer(
    client,
    asked.approval.id,
    { answer: 'approve', comment: 'Conforme.' },
    { ip: '127.0.0.1', userAgent: 'Demostración' },
    { userId: client.id, ip: '127.0.0.1' },
  );
  return 'Aprobaciones: 1 pendiente y 1 aprobada.';
}
