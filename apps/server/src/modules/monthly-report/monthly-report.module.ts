import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createReportMailer, monthlyReportJob, type ReportMailDeps } from './monthly-report.job.ts';
import { monthlyReportRepository } from './monthly-report.repository.ts';
import { monthlyReportRoutes } from './monthly-report.routes.ts';
import { createMonthlyReportService, type MonthlyReportDeps } from './monthly-report.service.ts';

export interface MonthlyReportModuleDeps extends MonthlyReportDeps, Omit<ReportMailDeps, 'log'> {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * 'Informe mensual': a company's month in one PDF, on demand (staff on the company's page, the
 * client in the portal) and, when the firm turns it on, e-mailed on day N to every company. Its one
 * table keeps which company's report of which period was e-mailed; everything it shows comes from
 * the other modules' functions.
 */
export function createMonthlyReportModule(deps: MonthlyReportModuleDeps) {
  const reports = createMonthlyReportService(deps.db, deps);
  const mailer = createReportMailer(deps.db, reports, deps);
  return {
    /** A report's data and PDF (the bench and tests). */
    gather: reports.gather,
    pdf: reports.pdf,
    /** One run of the e-mail job at `now` (tests run it with their own clock). */
    runMail: mailer.run,
    /** The e-mailed reports of a period. */
    sendsOf: (period: { year: number; month: number }) => monthlyReportRepository.listOf(deps.db, period),
    routes: (app: FastifyInstance) => app.register(monthlyReportRoutes, { reports }),
    jobs: [monthlyReportJob(mailer, deps.log)],
  };
}
