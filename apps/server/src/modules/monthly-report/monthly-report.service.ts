import type { Readable } from 'node:stream';
import { compareNames } from '@app/shared/collator';
import { cellPunctuality } from '@app/shared/due-dates';
import { msg } from '@app/shared/messages';
import { reportMsg, reportPeriodLabel } from '@app/shared/messages-report';
import { requestsMsg } from '@app/shared/messages-requests';
import { type Period, santiagoDate } from '@app/shared/period';
import { can } from '@app/shared/permissions';
import type { BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import type { DocumentRequest } from '@app/shared/schemas/requests';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { assertSelectable } from '../../lib/selectable-period.ts';
import type { BalanceTotals, MonthlyReportData, ReportFirm, ReportService } from './monthly-report-data.ts';
import { monthlyReportPdf } from './monthly-report-pdf.ts';

export interface MonthlyReportDeps {
  /** The firm's identity at the top of the report (firm module). */
  firmIdentity(): Promise<ReportFirm>;
  /** A company, 404 when there is none (companies module). */
  getBusiness(id: number): Promise<{ id: number; name: string; razonSocial: string; rut: string; contact: string }>;
  /** One company's row of a month's board with the month's services and when each saved cell reached its state (monthly-states module). */
  companyMonth(
    period: Period,
    businessId: number,
  ): Promise<{ today: string; services: BoardService[]; row: BoardRow | null; reached: Map<number, Date> }>;
  /** The files of the company's period its client sees (documents module). */
  periodFiles(
    businessId: number,
    period: Period,
  ): Promise<{ id: number; folder: string; name: string; createdAt: Date; fromClient: boolean }[]>;
  /** The company's requests still waiting, of the period and before (requests module). */
  pendingRequests(businessId: number, upTo: Period): Promise<DocumentRequest[]>;
  /** The company's balance as its client's statement counts it; null without billing (billing module). */
  clientBalance(businessId: number): Promise<{ asOf: string; totals: BalanceTotals } | null>;
  /**
   * SLOT 'Mensajes esperando respuesta': how many of the company's messages wait for the firm's answer
   * (the messages module, once it exists). Without it the report has no such section.
   */
  pendingMessages?: (businessId: number) => Promise<number>;
}

/**
 * 'Informe mensual': a company's month in one PDF, built from what the other modules answer: the
 * board's cells (state and value exactly as the board shows them, 'N/A' left out), each cell's due
 * date met or late by the panel's rule, the documents of the period's folders, the requests still
 * waiting and, where the reader may see it, the balance of the company's statement.
 */
export function createMonthlyReportService(db: Db, deps: MonthlyReportDeps) {
  async function gather(businessId: number, period: Period, withBalance: boolean): Promise<MonthlyReportData> {
    const [firm, business, month, files, requests, balance, messages] = await Promise.all([
      deps.firmIdentity(),
      deps.getBusiness(businessId),
      deps.companyMonth(period, businessId),
      deps.periodFiles(businessId, period),
      deps.pendingRequests(businessId, period),
      withBalance ? deps.clientBalance(businessId) : null,
      deps.pendingMessages ? deps.pendingMessages(businessId) : null,
    ]);
    const byId = new Map(month.services.map((service) => [service.id, service]));
    const services: ReportService[] = [];
    for (const cell of month.row?.cells ?? []) {
      const service = byId.get(cell.serviceId);
      // The board's 'N/A': the service does not apply to the company that month.
      if (!service || !cell.applies) continue;
      const state = service.states.find((candidate) => candidate.id === cell.stateId) ?? null;
      const last = service.states.reduce<BoardService['states'][number] | null>(
        (found, candidate) => (!found || candidate.order >= found.order ? candidate : found),
        null,
      );
      const reached = month.reached.get(service.id);
      const reachedDay = reached ? santiagoDate(reached) : null;
      services.push({
        serviceId: service.id,
        name: service.name,
        state: state?.name ?? null,
        color: state?.color ?? null,
        value: cell.value,
        dueDate: cell.dueDate,
        punctuality: cellPunctuality({
          done: cell.stateId !== null && cell.stateId === last?.id,
          dueDate: cell.dueDate,
          reachedDay,
          today: month.today,
        }),
        reachedDay,
      });
    }
    return {
      firm,
      business: { id: business.id, name: business.name, razonSocial: business.razonSocial, rut: business.rut },
      period,
      today: month.today,
      services,
      documents: files
        .map((file) => ({
          folder: file.folder,
          name: file.name,
          day: santiagoDate(file.createdAt),
          fromClient: file.fromClient,
        }))
        .sort((a, b) => compareNames(a.folder, b.folder) || a.day.localeCompare(b.day) || compareNames(a.name, b.name)),
      requests: requests.map((request) => ({
        title: request.title,
        period: { year: request.year, month: request.month },
        dueDate: request.dueDate,
        state: requestsMsg.requestStateLabels[request.state],
        missing: request.items.filter((item) => item.status !== 'received').map((item) => item.name),
      })),
      balance,
      pendingMessages: messages,
    };
  }

  const label = (period: Period) => `${reportMsg.title} ${reportPeriodLabel(period).toLowerCase()}`;

  return {
    gather,

    /** The report's PDF of already gathered data, streamed as PDFKit writes it. */
    pdf: (data: MonthlyReportData): Promise<Readable> => monthlyReportPdf(data),

    /**
     * A reader's report: staff any company's, a client only their own (403 otherwise). The balance
     * only for those who see the company's statement (an owner, the company's client). Logged as
     * generated, with who and from where, before it streams.
     */
    async forReader(
      user: AuthUser,
      businessId: number,
      period: Period,
      actor: ActivityActor,
    ): Promise<{ data: MonthlyReportData; pdf: Readable; fileName: string }> {
      if (!can(user, 'report:view', { businessId })) throw forbidden(msg.forbidden);
      assertSelectable(period);
      const data = await gather(businessId, period, can(user, 'billing:statement', { businessId }));
      await recordActivity(db, actor, {
        kind: 'monthly_report',
        action: 'generated',
        recordId: `${businessId}:${period.year}-${String(period.month).padStart(2, '0')}`,
        recordLabel: label(period),
        businessId,
      });
      return { data, pdf: await monthlyReportPdf(data), fileName: reportMsg.fileName(data.business.rut, period) };
    },

    /** The activity entry's label: 'Informe mensual octubre 2026'. */
    label,
  };
}

export type MonthlyReportService = ReturnType<typeof createMonthlyReportService>;
