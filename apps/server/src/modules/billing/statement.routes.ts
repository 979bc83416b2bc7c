import { msg } from '@app/shared/messages';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import { can } from '@app/shared/permissions';
import { BillingBusinessParamsSchema } from '@app/shared/schemas/billing';
import { StatementSchema } from '@app/shared/schemas/billing-collections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import type { Letterhead } from '../../lib/pdf-letterhead.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { StatementService, StatementView } from './statement.service.ts';
import { statementPdf } from './statement-pdf.ts';

/**
 * A company's account statement, as JSON and as PDF: an owner reads any company's, a client only
 * their own company's (policy 'billing:statement'), without the charges not yet issued to them;
 * collaborators see no billing.
 */
export const statementRoutes: FastifyPluginAsyncZod<{
  statement: StatementService;
  firm: () => Promise<Letterhead>;
}> = async (app, { statement, firm }) => {
  const tags = ['billing'];
  /** 403 unless the user may read this statement; answers whose view they get (the client's: only charges issued). */
  const viewOf = (request: Parameters<typeof currentUser>[0], businessId: number): StatementView => {
    const user = currentUser(request);
    if (!can(user, 'billing:statement', { businessId })) throw forbidden(msg.forbidden);
    return can(user, 'billing:read') ? 'firm' : 'client';
  };

  app.get(
    '/api/billing/business/:businessId/statement',
    {
      schema: {
        tags,
        description:
          "The company's account statement: every charge (and its void), every payment (and its reversal) with the running balance, the charges not void with what is paid and open (aging bucket), receipts waiting or rejected, totals, and the firm's transfer details. An owner: any company, every charge; a client: only their own (403 otherwise), and only the charges issued to them (no draft 'Por emitir', none waiting for UF), the totals counting only those.",
        params: BillingBusinessParamsSchema,
        response: { 200: StatementSchema, ...errorResponses },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      return statement.of(request.params.businessId, viewOf(request, request.params.businessId));
    },
  );

  app.get(
    '/api/billing/business/:businessId/statement/pdf',
    {
      schema: {
        tags,
        description: 'The same statement as a PDF (A4, in Spanish), streamed as it is written.',
        params: BillingBusinessParamsSchema,
        response: errorResponses,
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const data = await statement.of(request.params.businessId, viewOf(request, request.params.businessId));
      const pdf = await statementPdf(data, await firm());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(collectionsMsg.statementFileName(data.business.rut, data.asOf)))
        .header('cache-control', 'private, no-store')
        .send(pdf as never); // a byte stream, outside the JSON response schemas
    },
  );
};
