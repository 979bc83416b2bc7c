import { MonthlyReportParamsSchema, MonthlyReportQuerySchema } from '@app/shared/schemas/monthly-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { MonthlyReportService } from './monthly-report.service.ts';

/** A company's monthly report: staff any company's (the company's page), a client their own (the portal). */
export const monthlyReportRoutes: FastifyPluginAsyncZod<{ reports: MonthlyReportService }> = async (
  app,
  { reports },
) => {
  app.get(
    '/api/business/:businessId/monthly-report',
    {
      schema: {
        tags: ['monthly-report'],
        description:
          "'Informe mensual' of the company and period (`anio`, `mes`; a month up to the current period) as a PDF streamed as it is written: the services with their state and value as the monthly board shows them ('N/A' left out), each one's due date met or late, the documents of the period's folders, the document requests still waiting and, for an owner or the company's client, the balance of its account statement. Staff: any company (policy 'report:view'); a client: only their own (403 otherwise). Logged as generated.",
        params: MonthlyReportParamsSchema,
        querystring: MonthlyReportQuerySchema,
        response: errorResponses,
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const period = { year: request.query.anio, month: request.query.mes };
      const report = await reports.forReader(currentUser(request), request.params.businessId, period, actorOf(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(report.fileName))
        .header('cache-control', 'private, no-store')
        .send(report.pdf as never); // a byte stream, outside the JSON response schemas
    },
  );
};
