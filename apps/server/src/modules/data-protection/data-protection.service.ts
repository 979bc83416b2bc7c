import {
  addCalendarDays,
  extendedRightsDueDate,
  RIGHTS_DUE_SOON_DAYS,
  rightsRequestDueDate,
  temporaryBlockDueDate,
} from '@app/shared/data-protection';
import type { BusinessCalendar } from '@app/shared/due-dates-cl';
import {
  DATA_CATEGORY_LABELS,
  type DataCategory,
  defaultPrivacyNotice,
  INCIDENT_STATUS_LABELS,
  dataProtectionMsg as m,
  RIGHTS_CHANNEL_LABELS,
  RIGHTS_CLOSED_STATUSES,
  RIGHTS_KIND_LABELS,
  RIGHTS_STATUS_LABELS,
} from '@app/shared/messages-data-protection';
import { APP_TIME_ZONE, santiagoDate } from '@app/shared/period';
import type { Role } from '@app/shared/roles';
import type {
  Incident,
  IncidentSaveSchema,
  PrivacyNoticeAdmin,
  PrivacyNoticeForUser,
  RightsRequest,
  RightsRequestCreateSchema,
  RightsRequestExtendSchema,
  RightsRequestList,
  RightsRequestUpdateSchema,
} from '@app/shared/schemas/data-protection';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { z } from 'zod';
import { changedFields, pickFields, recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { presentIncident, presentRequest, santiagoMinute } from './data-protection.presenter.ts';
import {
  type IncidentRow,
  type RightsRequestRow,
  dataProtectionRepository as repository,
} from './data-protection.repository.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

type CreateInput = z.output<typeof RightsRequestCreateSchema>;
type UpdateInput = z.output<typeof RightsRequestUpdateSchema>;
type ExtendInput = z.output<typeof RightsRequestExtendSchema>;
type IncidentInput = z.output<typeof IncidentSaveSchema>;

interface Person {
  id: number;
  name: string;
  lastName: string;
  email: string;
  role: Role;
}

export interface DataProtectionDeps {
  /** The holidays module: the firm's calendar of business days (a temporary block's two days). */
  businessCalendar(): Promise<BusinessCalendar>;
  /** The users module: a user (undefined when gone). */
  findUser(id: number): Promise<Person | undefined>;
  /** The users module: the firm's staff, who may handle a request. */
  listStaff(): Promise<{ id: number; name: string; lastName: string; role: Role }[]>;
  /** The users module: every client user's id (how many acknowledged the notice). */
  listClientIds(): Promise<number[]>;
  /** The firm module: 'Datos del estudio', for the notice's starting text. */
  firmIdentity(): Promise<{ name: string; rut: string; address: string }>;
  /** The address people write to ('MAIL_REPLY_TO'), named in the notice's starting text; '' when none. */
  contactEmail: string;
  now?: () => Date;
}

const fullName = (person: { name: string; lastName: string }) => `${person.name} ${person.lastName}`.trim();

/** A request's fields as the activity log shows them: labels, not keys. */
function requestForLog(row: RightsRequestRow) {
  return {
    kind: RIGHTS_KIND_LABELS[row.kind],
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    requesterRut: row.requesterRut,
    receivedOn: row.receivedOn,
    channel: RIGHTS_CHANNEL_LABELS[row.channel],
    temporaryBlock: row.temporaryBlock,
    dueOn: row.dueOn,
    status: RIGHTS_STATUS_LABELS[row.status],
    answeredOn: row.answeredOn,
    handledById: row.handledById,
    // Its length, never the text: a person's request and its answer may hold their data.
    answerText: row.answerText ? `${row.answerText.length} caracteres` : '',
  };
}
const REQUEST_LOG_FIELDS = [
  'kind',
  'requesterName',
  'requesterEmail',
  'requesterRut',
  'receivedOn',
  'channel',
  'temporaryBlock',
  'dueOn',
  'status',
  'answeredOn',
  'handledById',
  'answerText',
] as const;

const requestLabel = (row: RightsRequestRow) => `${RIGHTS_KIND_LABELS[row.kind]} · ${row.requesterName}`;

function incidentForLog(row: IncidentRow) {
  return {
    detectedAt: santiagoMinute(row.detectedAt),
    dataCategories: row.dataCategories
      .map((category) => DATA_CATEGORY_LABELS[category as DataCategory] ?? category)
      .join(', '),
    peopleAffected: row.peopleAffected,
    agencyNotifiedOn: row.agencyNotifiedOn,
    agencyNoticeHow: row.agencyNoticeHow,
    peopleNotifiedOn: row.peopleNotifiedOn,
    peopleNoticeHow: row.peopleNoticeHow,
    status: INCIDENT_STATUS_LABELS[row.status],
    description: `${row.description.length} caracteres`,
    measures: row.measures ? `${row.measures.length} caracteres` : '',
  };
}
const INCIDENT_LOG_FIELDS = [
  'detectedAt',
  'dataCategories',
  'peopleAffected',
  'agencyNotifiedOn',
  'agencyNoticeHow',
  'peopleNotifiedOn',
  'peopleNoticeHow',
  'status',
  'description',
  'measures',
] as const;

/**
 * 'Protección de datos' (owners): the requests people make over their personal data and the law's
 * terms to answer them, the register of security incidents, and the firm's privacy notice with who
 * acknowledged each version.
 */
export function createDataProtectionService(db: Db, deps: DataProtectionDeps) {
  const now = deps.now ?? (() => new Date());
  const today = () => santiagoDate(now());

  async function nameOf(userId: number | null): Promise<string> {
    if (userId === null) return '';
    const user = await deps.findUser(userId);
    return user ? fullName(user) : `#${userId}`;
  }

  async function presentRows(rows: RightsRequestRow[]): Promise<RightsRequest[]> {
    const day = today();
    const staff = new Map((await deps.listStaff()).map((user) => [user.id, fullName(user)]));
    return rows.map((row) =>
      presentRequest(row, day, row.handledById === null ? null : (staff.get(row.handledById) ?? null)),
    );
  }
  const presentOne = async (row: RightsRequestRow) => (await presentRows([row]))[0] as RightsRequest;

  /** The handler must be one of the firm's staff (or nobody). */
  async function assertHandler(handledById: number | null) {
    if (handledById === null) return;
    const staff = await deps.listStaff();
    if (!staff.some((user) => user.id === handledById)) throw badRequest(m.handlerInvalid, 'handledById');
  }

  /**
   * The terms a request received that day has, and its temporary block's when asked for. The
   * calendar is read before any transaction (the firm's holidays come from another module).
   */
  async function calendarFor(temporaryBlock: boolean) {
    return temporaryBlock ? await deps.businessCalendar() : undefined;
  }
  function termsOf(receivedOn: string, calendar: BusinessCalendar | undefined, extended: boolean) {
    const firstDueOn = rightsRequestDueDate(receivedOn);
    return {
      firstDueOn,
      dueOn: extended ? extendedRightsDueDate(firstDueOn) : firstDueOn,
      temporaryBlockDueOn: calendar ? temporaryBlockDueDate(receivedOn, calendar.isHoliday) : null,
    };
  }

  function assertNotFuture(day: string | null, field: string, message: string) {
    if (day && day > today()) throw badRequest(message, field);
  }

  /** A moment typed as 'YYYY-MM-DD HH:mm' on the firm's clock. */
  const santiagoInstant = (value: string) => dayjs.tz(value, 'YYYY-MM-DD HH:mm', APP_TIME_ZONE).toDate();

  /** The current notice for the signed-in user: a client who has not acknowledged it must do so first. */
  async function noticeFor(actor: AuthUser): Promise<PrivacyNoticeForUser> {
    const current = await repository.currentNotice(db);
    if (!current) return { notice: null, acknowledgedAt: null, mustAcknowledge: false };
    const ack = await repository.acknowledgementOf(db, actor.id, current.id);
    return {
      notice: {
        id: current.id,
        version: current.version,
        text: current.text,
        publishedAt: current.publishedAt.toISOString(),
      },
      acknowledgedAt: ack?.acknowledgedAt.toISOString() ?? null,
      mustAcknowledge: actor.role === 'client' && !ack,
    };
  }

  return {
    noticeFor,

    // ------------------------------------------------------------ requests from a person
    async listRequests(): Promise<RightsRequestList> {
      const [rows, staff] = await Promise.all([repository.listRequests(db), deps.listStaff()]);
      return {
        requests: await presentRows(rows),
        today: today(),
        staff: staff.map((user) => ({ id: user.id, name: fullName(user) })),
      };
    },

    async createRequest(actor: AuthUser, input: CreateInput, by: ActivityActor): Promise<RightsRequest> {
      assertNotFuture(input.receivedOn, 'receivedOn', m.receivedInFuture);
      await assertHandler(input.handledById);
      const terms = termsOf(input.receivedOn, await calendarFor(input.temporaryBlock), false);
      const createdByName = await nameOf(actor.id);
      const row = await db.transaction(async (tx) => {
        const inserted = await repository.insertRequest(tx, {
          ...input,
          requesterRut: input.requesterRut || null,
          ...terms,
          createdById: actor.id,
          createdByName,
        });
        await recordActivity(tx, by, {
          kind: 'rights_request',
          action: 'created',
          recordId: inserted.id,
          recordLabel: requestLabel(inserted),
          details: { after: pickFields(requestForLog(inserted), REQUEST_LOG_FIELDS) },
        });
        return inserted;
      });
      return presentOne(row);
    },

    async updateRequest(id: number, input: UpdateInput, by: ActivityActor): Promise<RightsRequest> {
      assertNotFuture(input.receivedOn, 'receivedOn', m.receivedInFuture);
      assertNotFuture(input.answeredOn, 'answeredOn', m.answeredInFuture);
      await assertHandler(input.handledById);
      const calendar = await calendarFor(input.temporaryBlock);
      const row = await db.transaction(async (tx) => {
        const before = await repository.findRequest(tx, id, { lock: true });
        if (!before) throw notFound(m.requestNotFound);
        const extended = before.extendedAt !== null;
        if (input.status === 'extended' && !extended) throw badRequest(m.extendedOnlyByExtending, 'status');
        const terms = termsOf(input.receivedOn, calendar, extended);
        const closing = RIGHTS_CLOSED_STATUSES.includes(input.status);
        const after = await repository.updateRequest(tx, id, {
          ...input,
          requesterRut: input.requesterRut || null,
          ...terms,
          // An open request keeps no answer date: it is written when it is answered.
          answeredOn: closing ? input.answeredOn : input.answeredOn && input.answerText ? input.answeredOn : null,
        });
        const details = changedFields(requestForLog(before), requestForLog(after), REQUEST_LOG_FIELDS);
        // Answering or rejecting is its own entry; any other change is 'Modificó'.
        const action =
          closing && before.status !== after.status
            ? after.status === 'answered'
              ? 'answered'
              : 'rejected'
            : 'updated';
        if (details)
          await recordActivity(tx, by, {
            kind: 'rights_request',
            action,
            recordId: id,
            recordLabel: requestLabel(after),
            details,
          });
        return after;
      });
      return presentOne(row);
    },

    /** 'Prorrogar': once, while open and within the first term, thirty more calendar days. */
    async extendRequest(id: number, input: ExtendInput, by: ActivityActor): Promise<RightsRequest> {
      const row = await db.transaction(async (tx) => {
        const before = await repository.findRequest(tx, id, { lock: true });
        if (!before) throw notFound(m.requestNotFound);
        if (before.extendedAt !== null) throw conflict(m.alreadyExtended);
        if (RIGHTS_CLOSED_STATUSES.includes(before.status)) throw conflict(m.extendClosed);
        if (today() > before.dueOn) throw conflict(m.extendAfterDeadline);
        const after = await repository.updateRequest(tx, id, {
          dueOn: extendedRightsDueDate(before.firstDueOn),
          extendedAt: now(),
          extensionReason: input.reason,
          status: 'extended',
        });
        await recordActivity(tx, by, {
          kind: 'rights_request',
          action: 'extended',
          recordId: id,
          recordLabel: requestLabel(after),
          details: { before: { dueOn: before.dueOn }, after: { dueOn: after.dueOn, reason: input.reason } },
        });
        return after;
      });
      return presentOne(row);
    },

    /**
     * The open requests whose term ends within RIGHTS_DUE_SOON_DAYS of `day` (or has ended), for each
     * of these users who is an owner (the morning digest).
     */
    async rightsDueFor(day: string, userIds: number[]): Promise<Map<number, RightsRequest[]>> {
      const staff = await deps.listStaff();
      const owners = staff.filter((user) => user.role === 'owner' && userIds.includes(user.id));
      if (owners.length === 0) return new Map();
      const rows = await repository.listOpenDueBy(db, addCalendarDays(day, RIGHTS_DUE_SOON_DAYS));
      if (rows.length === 0) return new Map();
      const names = new Map(staff.map((user) => [user.id, fullName(user)]));
      const due = rows.map((row) =>
        presentRequest(row, day, row.handledById === null ? null : (names.get(row.handledById) ?? null)),
      );
      return new Map(owners.map((owner) => [owner.id, due]));
    },

    // ------------------------------------------------------------ incidents
    async listIncidents(): Promise<Incident[]> {
      return (await repository.listIncidents(db)).map(presentIncident);
    },

    async createIncident(actor: AuthUser, input: IncidentInput, by: ActivityActor): Promise<Incident> {
      const detectedAt = santiagoInstant(input.detectedAt);
      if (detectedAt.getTime() > now().getTime()) throw badRequest(m.detectedInFuture, 'detectedAt');
      const recordedByName = await nameOf(actor.id);
      const row = await db.transaction(async (tx) => {
        const inserted = await repository.insertIncident(tx, {
          ...input,
          detectedAt,
          recordedById: actor.id,
          recordedByName,
        });
        await recordActivity(tx, by, {
          kind: 'security_incident',
          action: 'created',
          recordId: inserted.id,
          recordLabel: `Incidente del ${santiagoMinute(inserted.detectedAt)}`,
          details: { after: pickFields(incidentForLog(inserted), INCIDENT_LOG_FIELDS) },
        });
        return inserted;
      });
      return presentIncident(row);
    },

    async updateIncident(id: number, input: IncidentInput, by: ActivityActor): Promise<Incident> {
      const detectedAt = santiagoInstant(input.detectedAt);
      if (detectedAt.getTime() > now().getTime()) throw badRequest(m.detectedInFuture, 'detectedAt');
      const row = await db.transaction(async (tx) => {
        const before = await repository.findIncident(tx, id);
        if (!before) throw notFound(m.incidentNotFound);
        const after = await repository.updateIncident(tx, id, { ...input, detectedAt });
        const details = changedFields(incidentForLog(before), incidentForLog(after), INCIDENT_LOG_FIELDS);
        if (details)
          await recordActivity(tx, by, {
            kind: 'security_incident',
            action: 'updated',
            recordId: id,
            recordLabel: `Incidente del ${santiagoMinute(after.detectedAt)}`,
            details,
          });
        return after;
      });
      return presentIncident(row);
    },

    // ------------------------------------------------------------ privacy notice
    async noticeAdmin(): Promise<PrivacyNoticeAdmin> {
      const [current, versions, firm, clientIds] = await Promise.all([
        repository.currentNotice(db),
        repository.listNoticeVersions(db),
        deps.firmIdentity(),
        deps.listClientIds(),
      ]);
      return {
        current: current
          ? {
              id: current.id,
              version: current.version,
              text: current.text,
              publishedAt: current.publishedAt.toISOString(),
              publishedBy: current.publishedByName,
            }
          : null,
        versions: versions.map((version) => ({
          id: version.id,
          version: version.version,
          publishedAt: version.publishedAt.toISOString(),
          publishedBy: version.publishedByName,
          acknowledgements: version.acknowledgements,
        })),
        template: defaultPrivacyNotice({ ...firm, email: deps.contactEmail }),
        clientUsers: clientIds.length,
        clientsAcknowledged: current ? await repository.countAcknowledgedAmong(db, current.id, clientIds) : 0,
      };
    },

    /** Publishes the text as the next version; the same text as the current one is refused (409). */
    async publishNotice(actor: AuthUser, text: string, by: ActivityActor): Promise<{ version: number }> {
      const publishedByName = await nameOf(actor.id);
      return db.transaction(async (tx) => {
        const current = await repository.currentNotice(tx);
        if (current?.text === text) throw conflict(m.noticeUnchanged);
        const row = await repository.insertNoticeVersion(tx, { text, publishedById: actor.id, publishedByName });
        await recordActivity(tx, by, {
          kind: 'privacy_notice',
          action: 'published',
          recordId: row.id,
          recordLabel: `Versión ${row.version}`,
          details: { after: { version: row.version, characters: text.length } },
        });
        return { version: row.version };
      });
    },

    async acknowledgements(versionId: number) {
      if (!(await repository.findNoticeVersion(db, versionId))) throw notFound(m.noticeVersionNotFound);
      const rows = await repository.listAcknowledgements(db, versionId);
      return rows.map((row) => ({
        userName: row.userName,
        userEmail: row.userEmail,
        acknowledgedAt: row.acknowledgedAt.toISOString(),
        ip: row.ip,
      }));
    },

    /** 'He leído el aviso' of the version shown: 409 when a newer one was published meanwhile. */
    async acknowledge(actor: AuthUser, versionId: number, by: ActivityActor): Promise<PrivacyNoticeForUser> {
      const user = await deps.findUser(actor.id);
      if (!user) throw notFound(m.noticeNone);
      await db.transaction(async (tx) => {
        const current = await repository.currentNotice(tx);
        if (!current) throw conflict(m.noticeNone);
        if (current.id !== versionId) throw conflict(m.noticeNotCurrent);
        const recorded = await repository.insertAcknowledgement(tx, {
          versionId,
          userId: actor.id,
          userName: fullName(user),
          userEmail: user.email,
          acknowledgedAt: now(),
          ip: by.ip,
        });
        if (recorded)
          await recordActivity(tx, by, {
            kind: 'privacy_notice',
            action: 'acknowledged',
            recordId: current.id,
            recordLabel: `Versión ${current.version}`,
            businessId: actor.businessId,
            details: { after: { version: current.version } },
          });
      });
      return noticeFor(actor);
    },
  };
}

export type DataProtectionService = ReturnType<typeof createDataProtectionService>;
