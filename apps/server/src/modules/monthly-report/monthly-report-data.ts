import type { Punctuality } from '@app/shared/due-dates';
import type { Period } from '@app/shared/period';
import type { Letterhead } from '../../lib/pdf-letterhead.ts';

// What one monthly report shows, gathered by the service before the PDF is written.

/** A statement's totals as the client sees them (billing module). */
export type BalanceTotals = {
  charged: number;
  paid: number;
  open: number;
  overdue: number;
  credit: number;
  balance: number;
};

/** The firm as its PDFs present it (firm module). */
export type ReportFirm = Letterhead;

/** A service of the month as the report lists it: what the board's cell shows, and where it stands against its due date. */
export interface ReportService {
  serviceId: number;
  name: string;
  /** The cell's state, as the board names it; null for a service without states. */
  state: string | null;
  color: string | null;
  /** The cell's value (whole pesos) when its state has one. */
  value: number | null;
  dueDate: string | null;
  punctuality: Punctuality;
  /** The Santiago day the cell reached its state (null: never changed). */
  reachedDay: string | null;
}

/** Everything one report shows, gathered before the PDF is written. */
export interface MonthlyReportData {
  firm: ReportFirm;
  business: { id: number; name: string; razonSocial: string; rut: string };
  period: Period;
  /** The Santiago day it was made on: overdue and pending are judged on it. */
  today: string;
  services: ReportService[];
  documents: { folder: string; name: string; day: string; fromClient: boolean }[];
  requests: { title: string; period: Period; dueDate: string; state: string; missing: string[] }[];
  /** Left out for a reader who may not see the company's billing, and for a company without billing. */
  balance: { asOf: string; totals: BalanceTotals } | null;
  /** SLOT: null while no messages module is wired in (the section is left out). */
  pendingMessages: number | null;
}
