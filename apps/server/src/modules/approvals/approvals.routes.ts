import { ApiErrorSchema } from '@app/shared/errors';
import { approvalsMsg } from '@app/shared/messages-approvals';
import {
  ApprovalAnswerSchema,
  ApprovalBusinessParamSchema,
  ApprovalCancelSchema,
  ApprovalCertificateSchema,
  ApprovalFileChoiceListSchema,
  ApprovalListSchema,
  ApprovalParamSchema,
  ApprovalRequestSchema,
  ApprovalSavedSchema,
  ApprovalSchema,
} from '@app/shared/schemas/approvals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { badRequest } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import { currentUser } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { ApprovalsService } from './approvals.service.ts';
import { certificatePdf } from './certificate-pdf.ts';

const tags = ['approvals'];
const conflictResponse = { 409: ApiErrorSchema };

/**
 * Client approvals: staff ask and cancel; the company's client answers from the portal; both read
 * the requests, open the document and download the certificate. A client of another company gets
 * 403 on every route (the policies 'approval:view' and 'approval:answer').
 */
export const approvalsRoutes: FastifyPluginAsyncZod<{
  approvals: ApprovalsService;
  uploads: UploadReceiver;
  now: () => Date;
}> = async (app, { approvals, uploads, now }) => {
  await uploads.registerParser(app);

  app.get(
    '/api/business/:businessId/approvals',
    {
      schema: {
        tags,
        description: "A company's approvals, newest request first (staff: any company; a client: their own).",
        params: ApprovalBusinessParamSchema,
        response: { 200: ApprovalListSchema, ...errorResponses },
      },
      onRequest: app.authorize('approvals:read'),
    },
    async (request) => approvals.list(currentUser(request), request.params.businessId),
  );

  app.get(
    '/api/business/:businessId/approvals/files',
    {
      schema: {
        tags,
        description: "The company's files to ask approval of, newest first (at most 300).",
        params: ApprovalBusinessParamSchema,
        response: { 200: ApprovalFileChoiceListSchema, ...errorResponses },
      },
      onRequest: app.authorize('approvals:request'),
    },
    async (request) => approvals.fileChoices(request.params.businessId),
  );

  app.post(
    '/api/business/:businessId/approvals',
    {
      schema: {
        tags,
        description:
          "'Solicitar aprobación' of a company file: its SHA-256 is computed from the stored bytes, the client users are e-mailed (an answer's message says whether it was sent or only kept in the outbox). 409 when the company has no client user, the file already has a pending request or is approved.",
        params: ApprovalBusinessParamSchema,
        body: ApprovalRequestSchema,
        response: { 201: ApprovalSavedSchema, ...conflictResponse, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('approvals:request'),
    },
    async (request, reply) => {
      const saved = await approvals.request(
        currentUser(request),
        request.params.businessId,
        request.body,
        actorOf(request),
      );
      return reply.status(201).send(saved);
    },
  );

  app.post(
    '/api/business/:businessId/approvals/upload',
    {
      schema: {
        tags,
        description: `'Solicitar aprobación' of a PDF uploaded right there: multipart/form-data with the text fields 'title', 'message' and 'reminderDays' (1 to 30, default 3), then one field 'file' (a PDF recognised by its content, ${uploads.maxMegabytes} MB at most; 415 otherwise). Nothing in the query string.`,
        params: ApprovalBusinessParamSchema,
        response: { ...uploads.responses, 201: ApprovalSavedSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: app.authorize('approvals:request'),
    },
    async (request, reply) => {
      const saved = await uploads.accept(request, reply, async (files, fields) => {
        if (new URL(request.url, 'http://localhost').search !== '') throw badRequest(approvalsMsg.fieldsInAddress);
        return approvals.requestUpload(
          currentUser(request),
          request.params.businessId,
          files,
          fields,
          { maxMegabytes: uploads.maxMegabytes },
          actorOf(request),
        );
      });
      return reply.status(201).send(saved);
    },
  );

  app.get(
    '/api/approvals/:id',
    {
      schema: {
        tags,
        params: ApprovalParamSchema,
        response: { 200: ApprovalSchema, ...errorResponses },
      },
      onRequest: app.authorize('approvals:read'),
    },
    async (request) => approvals.get(currentUser(request), request.params.id),
  );

  app.post(
    '/api/approvals/:id/answer',
    {
      schema: {
        tags,
        description:
          "The client's 'Apruebo' or 'Rechazo' (a comment required to reject), from their own company only. Keeps who, when, the address and the browser. 'Apruebo' is refused (409) when the document's bytes no longer match the request's SHA-256, or the file is gone.",
        params: ApprovalParamSchema,
        body: ApprovalAnswerSchema,
        response: { 200: ApprovalSavedSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: app.authorize('approvals:answer'),
    },
    async (request) =>
      approvals.answer(
        currentUser(request),
        request.params.id,
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        actorOf(request),
      ),
  );

  app.post(
    '/api/approvals/:id/cancel',
    {
      schema: {
        tags,
        description: "'Anular' a pending request (staff); 409 once answered or cancelled.",
        params: ApprovalParamSchema,
        body: ApprovalCancelSchema,
        response: { 200: ApprovalSavedSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: app.authorize('approvals:request'),
    },
    async (request) => approvals.cancel(currentUser(request), request.params.id, actorOf(request)),
  );

  app.get(
    '/api/approvals/:id/document',
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        description:
          "The document's bytes as they are now, streamed from storage; each opening is in the activity log.",
        params: ApprovalParamSchema,
        response: errorResponses,
      },
      onRequest: app.authorize('approvals:read'),
    },
    async (request, reply) => {
      const file = await approvals.document(currentUser(request), request.params.id, actorOf(request));
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentHeader(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body as never); // a byte stream, outside the JSON response schemas
    },
  );

  app.get(
    '/api/approvals/:id/certificate',
    {
      schema: {
        tags,
        description:
          "The certificate's data (the page 'Certificado de aprobación'); 409 while pending or once cancelled.",
        params: ApprovalParamSchema,
        response: { 200: ApprovalCertificateSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: app.authorize('approvals:read'),
    },
    async (request) => approvals.certificate(currentUser(request), request.params.id),
  );

  app.get(
    '/api/approvals/:id/certificate.pdf',
    {
      schema: {
        tags,
        description:
          "'Certificado de aprobación' as a PDF (A4, Spanish); 409 while the request is pending or once cancelled.",
        params: ApprovalParamSchema,
        response: { ...conflictResponse, ...errorResponses },
      },
      onRequest: app.authorize('approvals:read'),
    },
    async (request, reply) => {
      const { approval, firmName } = await approvals.certificate(currentUser(request), request.params.id);
      const pdf = await certificatePdf(approval, firmName, now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(`certificado-aprobacion-${approval.id}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(pdf as never); // a byte stream, outside the JSON response schemas
    },
  );
};
