import { ApiErrorSchema } from '@app/shared/errors';
import { dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import {
  ActivityArchiveQuerySchema,
  ActivityPurgeSchema,
  ActivityRetentionSaveSchema,
  DataProtectionBusinessParamSchema,
  DataProtectionIdParamSchema,
  FolderRetentionSaveSchema,
  IncidentListSchema,
  IncidentSavedSchema,
  IncidentSaveSchema,
  LegalHoldSaveSchema,
  NoFieldsSchema,
  PrivacyAcknowledgementListSchema,
  PrivacyNoticeAckSavedSchema,
  PrivacyNoticeAckSchema,
  PrivacyNoticeAdminSchema,
  PrivacyNoticeForUserSchema,
  PrivacyNoticePublishSchema,
  PrivacyNoticeSavedSchema,
  ProposalSavedSchema,
  ProposalSchema,
  RetentionOverviewSchema,
  RetentionSavedSchema,
  RightsRequestCreateSchema,
  RightsRequestExtendSchema,
  RightsRequestListSchema,
  RightsRequestSavedSchema,
  RightsRequestUpdateSchema,
} from '@app/shared/schemas/data-protection';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import { currentUser } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { DataProtectionService } from './data-protection.service.ts';
import type { RetentionService } from './retention.service.ts';

const tags = ['data-protection'];
const conflictResponse = { 409: ApiErrorSchema };

/**
 * 'Protección de datos' (owners: `data-protection:manage`): requests from a person, incidents, the
 * privacy notice, retention and the activity log's archive; and, for every signed-in user
 * (`data-protection:notice`), the current privacy notice and its acknowledgement.
 */
export const dataProtectionRoutes: FastifyPluginAsyncZod<{
  dataProtection: DataProtectionService;
  retention: RetentionService;
}> = async (app, { dataProtection, retention }) => {
  const manage = app.authorize('data-protection:manage');

  // ------------------------------------------------------------ requests from a person
  app.get(
    '/api/data-protection/requests',
    {
      schema: {
        tags,
        description:
          "Every request a person made over their personal data, newest received first, with its term in force and where it stands today ('overdue' once past its last day).",
        response: { 200: RightsRequestListSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async () => dataProtection.listRequests(),
  );

  app.post(
    '/api/data-protection/requests',
    {
      schema: {
        tags,
        description:
          'Registers a request as it came in. Its last day to answer is computed: thirty calendar days after `receivedOn` (and two business days for a temporary block asked with a rectification, erasure or objection).',
        body: RightsRequestCreateSchema,
        response: { 201: RightsRequestSavedSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: manage,
    },
    async (request, reply) => {
      const saved = await dataProtection.createRequest(currentUser(request), request.body, actorOf(request));
      return reply.status(201).send({ message: m.requestCreated, request: saved });
    },
  );

  app.put(
    '/api/data-protection/requests/:id',
    {
      schema: {
        tags,
        description:
          "Changes a request, its state and its answer ('Respondida' and 'Rechazada' need the answer and its date). 'Prorrogada' is set only by the extension.",
        params: DataProtectionIdParamSchema,
        body: RightsRequestUpdateSchema,
        response: { 200: RightsRequestSavedSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => ({
      message: m.requestSaved,
      request: await dataProtection.updateRequest(request.params.id, request.body, actorOf(request)),
    }),
  );

  app.post(
    '/api/data-protection/requests/:id/extend',
    {
      schema: {
        tags,
        description:
          "'Prorrogar': thirty more calendar days after the first term, once, with its reason; 409 when already extended, answered, or past its last day.",
        params: DataProtectionIdParamSchema,
        body: RightsRequestExtendSchema,
        response: { 200: RightsRequestSavedSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => {
      const saved = await dataProtection.extendRequest(request.params.id, request.body, actorOf(request));
      return { message: m.extended(saved.dueOn.split('-').reverse().join('-')), request: saved };
    },
  );

  // ------------------------------------------------------------ incidents
  app.get(
    '/api/data-protection/incidents',
    {
      schema: {
        tags,
        description: 'The register of security incidents, newest detected first.',
        response: { 200: IncidentListSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async () => dataProtection.listIncidents(),
  );

  app.post(
    '/api/data-protection/incidents',
    {
      schema: {
        tags,
        description:
          "Records an incident: when it was detected ('YYYY-MM-DD HH:mm', Santiago), what happened, the data and people affected, the measures, and the notices to the Agencia and to the people (day and how).",
        body: IncidentSaveSchema,
        response: { 201: IncidentSavedSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: manage,
    },
    async (request, reply) => {
      const incident = await dataProtection.createIncident(currentUser(request), request.body, actorOf(request));
      return reply.status(201).send({ message: m.incidentCreated, incident });
    },
  );

  app.put(
    '/api/data-protection/incidents/:id',
    {
      schema: {
        tags,
        params: DataProtectionIdParamSchema,
        body: IncidentSaveSchema,
        response: { 200: IncidentSavedSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => ({
      message: m.incidentSaved,
      incident: await dataProtection.updateIncident(request.params.id, request.body, actorOf(request)),
    }),
  );

  // ------------------------------------------------------------ privacy notice
  app.get(
    '/api/data-protection/notice',
    {
      schema: {
        tags,
        description:
          'The privacy notice in force, every version with its acknowledgements, a starting text, and how many client users acknowledged the current version.',
        response: { 200: PrivacyNoticeAdminSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async () => dataProtection.noticeAdmin(),
  );

  app.post(
    '/api/data-protection/notice',
    {
      schema: {
        tags,
        description:
          'Publishes the text as the next version (plain text, paragraphs separated by a blank line); every client is shown it at their next sign-in. 409 when it is the current text.',
        body: PrivacyNoticePublishSchema,
        response: { 201: PrivacyNoticeSavedSchema, ...conflictResponse, ...errorResponses },
      },
      config: idempotent,
      onRequest: manage,
    },
    async (request, reply) => {
      const { version } = await dataProtection.publishNotice(currentUser(request), request.body.text, actorOf(request));
      return reply
        .status(201)
        .send({ message: m.noticePublished(version), notice: await dataProtection.noticeAdmin() });
    },
  );

  app.get(
    '/api/data-protection/notice/:id/acknowledgements',
    {
      schema: {
        tags,
        description: "Who acknowledged a version ('He leído el aviso'), when and from which address, newest first.",
        params: DataProtectionIdParamSchema,
        response: { 200: PrivacyAcknowledgementListSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => dataProtection.acknowledgements(request.params.id),
  );

  app.get(
    '/api/privacy-notice',
    {
      schema: {
        tags,
        description:
          "The firm's privacy notice in force (null while none is published) and whether the signed-in user acknowledged it; a client who has not must do so before using the portal.",
        response: { 200: PrivacyNoticeForUserSchema, ...errorResponses },
      },
      onRequest: app.authorize('data-protection:notice'),
    },
    async (request) => dataProtection.noticeFor(currentUser(request)),
  );

  app.post(
    '/api/privacy-notice/acknowledge',
    {
      schema: {
        tags,
        description:
          "'He leído el aviso' of the version shown: keeps who, when and from which address. 409 when a newer version was published meanwhile.",
        body: PrivacyNoticeAckSchema,
        response: { 200: PrivacyNoticeAckSavedSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: app.authorize('data-protection:notice'),
    },
    async (request) => ({
      message: m.noticeAcknowledged,
      notice: await dataProtection.acknowledge(currentUser(request), request.body.versionId, actorOf(request)),
    }),
  );

  // ------------------------------------------------------------ retention
  app.get(
    '/api/data-protection/retention',
    {
      schema: {
        tags,
        description:
          "Each folder template's years of retention, the legal holds, the newest proposals, and the activity log's retention with its archives.",
        response: { 200: RetentionOverviewSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async () => retention.overview(),
  );

  app.put(
    '/api/data-protection/retention/folders/:id',
    {
      schema: {
        tags,
        description: "A folder template's years of retention (1 to 50), logged on its service.",
        params: DataProtectionIdParamSchema,
        body: FolderRetentionSaveSchema,
        response: { 200: RetentionSavedSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => ({
      message: m.folderRetentionSaved,
      retention: await retention.setFolderRetention(request.params.id, request.body.years, actorOf(request)),
    }),
  );

  app.put(
    '/api/data-protection/holds/:businessId',
    {
      schema: {
        tags,
        description:
          "A legal hold on a company's files, with its reason: none of them is proposed for deletion while it stands.",
        params: DataProtectionBusinessParamSchema,
        body: LegalHoldSaveSchema,
        response: { 200: RetentionSavedSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => ({
      message: m.holdSaved,
      retention: await retention.setHold(
        currentUser(request),
        request.params.businessId,
        request.body.reason,
        actorOf(request),
      ),
    }),
  );

  app.delete(
    '/api/data-protection/holds/:businessId',
    {
      schema: {
        tags,
        params: DataProtectionBusinessParamSchema,
        response: { 200: RetentionSavedSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => ({
      message: m.holdRemoved,
      retention: await retention.removeHold(request.params.businessId, actorOf(request)),
    }),
  );

  app.post(
    '/api/data-protection/retention/proposals',
    {
      schema: {
        tags,
        description:
          "'Calcular propuesta': the files past their folder's retention today, not under a legal hold, oldest first (at most 1,000), as the open proposal (an open one is discarded).",
        body: NoFieldsSchema,
        response: { 201: ProposalSavedSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request, reply) => {
      const proposal = await retention.computeNow(currentUser(request), actorOf(request));
      return reply.status(201).send({ message: m.proposalMade(proposal.fileCount), proposal });
    },
  );

  app.get(
    '/api/data-protection/retention/proposals/:id',
    {
      schema: {
        tags,
        params: DataProtectionIdParamSchema,
        response: { 200: ProposalSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => retention.proposal(request.params.id),
  );

  app.post(
    '/api/data-protection/retention/proposals/:id/confirm',
    {
      schema: {
        tags,
        description:
          "Deletes the proposal's files through the documents module (rows and bytes, each in the activity log), skipping any whose company got a legal hold, whose folder now keeps it longer, that is gone or approved by the client. 409 once confirmed or discarded.",
        params: DataProtectionIdParamSchema,
        body: NoFieldsSchema,
        response: { 200: ProposalSavedSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => {
      const proposal = await retention.confirm(currentUser(request), request.params.id, actorOf(request));
      return { message: m.proposalConfirmed(proposal.deletedCount, proposal.skippedCount), proposal };
    },
  );

  app.post(
    '/api/data-protection/retention/proposals/:id/discard',
    {
      schema: {
        tags,
        params: DataProtectionIdParamSchema,
        body: NoFieldsSchema,
        response: { 200: ProposalSavedSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => ({
      message: m.proposalDiscarded,
      proposal: await retention.discard(currentUser(request), request.params.id, actorOf(request)),
    }),
  );

  // ------------------------------------------------------------ the activity log
  app.put(
    '/api/data-protection/activity-log/settings',
    {
      schema: {
        tags,
        description:
          'How many years the activity log keeps its entries (1 to 50), or null to keep them all (the default).',
        body: ActivityRetentionSaveSchema,
        response: { 200: RetentionSavedSchema, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => ({
      message: m.activitySettingsSaved,
      retention: await retention.setActivityRetention(currentUser(request), request.body.years, actorOf(request)),
    }),
  );

  app.get(
    '/api/data-protection/activity-log/archive',
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        description:
          'The archive of every activity entry before the first day kept, as CSV or .xlsx, streamed as it is read. It allows a purge once its last byte was sent. 409 while everything is kept or nothing is that old.',
        querystring: ActivityArchiveQuerySchema,
        response: { ...conflictResponse, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request, reply) => {
      const archive = await retention.openArchive(currentUser(request), request.query.format);
      const by = actorOf(request);
      let failed = false;
      archive.stream.once('error', () => {
        failed = true;
      });
      // 'finish': the last byte was handed to the connection; a download cut before it never completes.
      reply.raw.once('finish', () => {
        if (failed) return;
        retention.completeArchive(archive.id, archive.rowsWritten(), by).catch((error: unknown) => {
          request.log.warn(
            { error: error instanceof Error ? error.message : String(error) },
            'archive completion failed',
          );
        });
      });
      return reply
        .header('content-type', archive.contentType)
        .header('content-disposition', attachmentHeader(archive.fileName))
        .header('cache-control', 'no-store')
        .header('x-archive-id', String(archive.id))
        .send(archive.stream as never); // a byte stream, outside the JSON schemas
    },
  );

  app.post(
    '/api/data-protection/activity-log/purge',
    {
      schema: {
        tags,
        description:
          'Deletes the activity entries a completed archive holds (and nothing else: the database checks each row). 409 without a completed archive of that range, once purged, or when the firm now keeps more years than the archive assumed.',
        body: ActivityPurgeSchema,
        response: { 200: RetentionSavedSchema, ...conflictResponse, ...errorResponses },
      },
      onRequest: manage,
    },
    async (request) => {
      const { purged, retention: overview } = await retention.purge(request.body.archiveId, actorOf(request));
      return { message: m.purged(purged), retention: overview };
    },
  );
};
