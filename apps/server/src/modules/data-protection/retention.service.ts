import type { Readable } from 'node:stream';
import { activityKeptFrom, isPastRetention, latestPeriodPastRetention } from '@app/shared/data-protection';
import { type ArchiveFormat, dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import { santiagoDate } from '@app/shared/period';
import type { FolderRetention, Proposal, RetentionOverview } from '@app/shared/schemas/data-protection';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityArchiveRow } from '../../db/schema/activity.ts';
import { type ActivityActor, SYSTEM_ACTOR } from '../../lib/activity-actor.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { presentProposalFile, presentProposalSummary } from './data-protection.presenter.ts';
import { dataProtectionRepository as repository } from './data-protection.repository.ts';

/** At most this many files in one proposal: its confirmation deletes them one by one. */
export const PROPOSAL_MAX_FILES = 1000;
/** How many proposals and archives the tab lists. */
const LISTED = 10;

export interface OpenedArchive {
  id: number;
  fileName: string;
  contentType: string;
  stream: Readable;
  /** The entries written so far (all of them once the stream ended). */
  rowsWritten(): number;
}

export interface RetentionDeps {
  /** The services module: every folder template with its years of retention. */
  listFolderRetention(): Promise<FolderRetention[]>;
  /** The services module: sets a template's years (404 in Spanish when missing), logged on its service. */
  setFolderRetention(id: number, years: number, by: ActivityActor): Promise<void>;
  /** The documents module: files up to a month per folder template, of companies other than these, oldest first. */
  listFilesUpTo(
    cutoffs: readonly { serviceFolderId: number; lastMonth: number }[],
    excludedBusinessIds: readonly number[],
    limit: number,
  ): Promise<
    {
      id: number;
      name: string;
      size: number;
      businessId: number;
      serviceFolderId: number;
      year: number;
      month: number;
    }[]
  >;
  /** The documents module's delete of a file: its row and, after commit, its bytes; logged as any delete. */
  deleteFile(actor: AuthUser, id: number, by: ActivityActor): Promise<void>;
  /** The companies module: a company (404 in Spanish when missing) and names by id. */
  getBusiness(id: number): Promise<{ id: number; name: string }>;
  listBusinessNames(ids: readonly number[]): Promise<Map<number, string>>;
  /** The users module: a user's name (undefined when gone). */
  findUser(id: number): Promise<{ name: string; lastName: string } | undefined>;
  /** The activity module: the log's oldest entries, archived and purged. */
  activityArchive: {
    countBefore(keptFrom: string): Promise<number>;
    listArchives(limit: number): Promise<ActivityArchiveRow[]>;
    open(input: {
      format: ArchiveFormat;
      keptFrom: string;
      madeById: number | null;
      madeByName: string;
    }): Promise<OpenedArchive>;
    complete(id: number, rows: number, by: ActivityActor): Promise<void>;
    purge(archiveId: number, keptFrom: string, by: ActivityActor): Promise<number>;
  };
  now?: () => Date;
}

const fullName = (person: { name: string; lastName: string }) => `${person.name} ${person.lastName}`.trim();

/**
 * Document retention ('Retención'): each folder template's years, legal holds per company, the
 * proposals of files past retention that an owner confirms (deleting them through the documents
 * module) or discards, and how long the activity log keeps its entries, with the archive that must
 * be downloaded before any of them is purged.
 */
export function createRetentionService(db: Db, deps: RetentionDeps) {
  const now = deps.now ?? (() => new Date());
  const today = () => santiagoDate(now());

  async function nameOf(userId: number | null): Promise<string> {
    if (userId === null) return '';
    const user = await deps.findUser(userId);
    return user ? fullName(user) : `#${userId}`;
  }

  async function keptFromNow(): Promise<{ years: number | null; keptFrom: string | null }> {
    const { activityRetentionYears: years } = await repository.settings(db);
    return { years, keptFrom: years === null ? null : activityKeptFrom(years, today()) };
  }

  async function proposal(id: number): Promise<Proposal> {
    const row = await repository.findProposal(db, id);
    if (!row) throw notFound(m.proposalNotFound);
    const files = await repository.listProposalFiles(db, id);
    const count = (outcome: string) => files.filter((file) => file.outcome === outcome).length;
    return {
      ...presentProposalSummary(row, {
        fileCount: files.length,
        totalSize: files.reduce((sum, file) => sum + file.size, 0),
        deletedCount: count('deleted'),
        skippedCount: count('skipped'),
      }),
      files: files.map(presentProposalFile),
    };
  }

  /**
   * Lists the files past retention on `asOf` (not under a legal hold) as a new proposal; an open one
   * is discarded in the same transaction. A scheduled one is made once a year (undefined when
   * another instance made it already).
   */
  async function computeProposal(
    source: 'manual' | 'scheduled',
    by: { user: AuthUser | null; activity: ActivityActor },
    asOf: string = today(),
  ): Promise<number | undefined> {
    const [folders, holds] = await Promise.all([deps.listFolderRetention(), repository.listHolds(db)]);
    const cutoffs = folders.map((folder) => {
      const latest = latestPeriodPastRetention(folder.retentionYears, asOf);
      return { serviceFolderId: folder.id, lastMonth: latest.year * 12 + latest.month - 1 };
    });
    const found = await deps.listFilesUpTo(
      cutoffs,
      holds.map((hold) => hold.businessId),
      PROPOSAL_MAX_FILES + 1,
    );
    const files = found.slice(0, PROPOSAL_MAX_FILES);
    const folderById = new Map(folders.map((folder) => [folder.id, folder]));
    const names = await deps.listBusinessNames([...new Set(files.map((file) => file.businessId))]);
    const createdByName = by.user ? await nameOf(by.user.id) : null;
    try {
      return await db.transaction(async (tx) => {
        await repository.discardOpen(tx, { id: by.user?.id ?? null, name: createdByName ?? 'Proceso anual' });
        const row = await repository.insertProposal(tx, {
          asOf,
          source,
          scheduledYear: source === 'scheduled' ? Number(asOf.slice(0, 4)) : null,
          truncated: found.length > files.length,
          createdById: by.user?.id ?? null,
          createdByName,
        });
        if (!row) return undefined;
        await repository.insertProposalFiles(
          tx,
          files.map((file) => {
            const folder = folderById.get(file.serviceFolderId);
            return {
              proposalId: row.id,
              fileId: file.id,
              businessId: file.businessId,
              businessName: names.get(file.businessId) ?? `#${file.businessId}`,
              fileName: file.name,
              size: file.size,
              year: file.year,
              month: file.month,
              serviceFolderId: file.serviceFolderId,
              serviceName: folder?.serviceName ?? '',
              folderName: folder ? [folder.parentName, folder.name].filter(Boolean).join(' / ') : '',
              retentionYears: folder?.retentionYears ?? 0,
            };
          }),
        );
        await recordActivity(tx, by.activity, {
          kind: 'retention_proposal',
          action: 'generated',
          recordId: row.id,
          recordLabel: `Propuesta ${row.id}`,
          details: { after: { date: asOf, files: files.length } },
        });
        return row.id;
      });
    } catch (error) {
      // Two owners computing at once: one proposal stays open, the other's answer asks to reload.
      if (isUniqueViolation(error) && source === 'manual') throw conflict(m.proposalNotOpen);
      throw error;
    }
  }

  async function overview(): Promise<RetentionOverview> {
    const { years, keptFrom } = await keptFromNow();
    const [folders, holds, proposals, archives, entriesBefore] = await Promise.all([
      deps.listFolderRetention(),
      repository.listHolds(db),
      repository.listProposals(db, LISTED),
      deps.activityArchive.listArchives(LISTED),
      keptFrom ? deps.activityArchive.countBefore(keptFrom) : Promise.resolve(0),
    ]);
    const names = await deps.listBusinessNames(holds.map((hold) => hold.businessId));
    return {
      today: today(),
      folders,
      holds: holds.map((hold) => ({
        businessId: hold.businessId,
        businessName: names.get(hold.businessId) ?? `#${hold.businessId}`,
        reason: hold.reason,
        setBy: hold.setByName,
        setAt: hold.setAt.toISOString(),
      })),
      proposals: proposals.map(({ proposal: row, ...counts }) => presentProposalSummary(row, counts)),
      activity: {
        retentionYears: years,
        keptFrom,
        entriesBefore,
        archives: archives.map((archive) => ({
          id: archive.id,
          format: archive.format,
          before: archive.keptFrom,
          rows: archive.rows,
          madeAt: archive.madeAt.toISOString(),
          madeBy: archive.madeByName,
          completedAt: archive.completedAt?.toISOString() ?? null,
          purgedAt: archive.purgedAt?.toISOString() ?? null,
          purgedRows: archive.purgedRows,
        })),
      },
    };
  }

  return {
    overview,
    proposal,

    async setFolderRetention(id: number, years: number, by: ActivityActor): Promise<RetentionOverview> {
      await deps.setFolderRetention(id, years, by);
      return overview();
    },

    async setHold(actor: AuthUser, businessId: number, reason: string, by: ActivityActor) {
      const business = await deps.getBusiness(businessId);
      const setByName = await nameOf(actor.id);
      await db.transaction(async (tx) => {
        const before = await repository.findHold(tx, businessId);
        await repository.upsertHold(tx, { businessId, reason, setById: actor.id, setByName });
        await recordActivity(tx, by, {
          kind: 'legal_hold',
          action: before ? 'updated' : 'enabled',
          recordId: businessId,
          recordLabel: business.name,
          businessId,
          details: before ? { before: { reason: before.reason }, after: { reason } } : { after: { reason } },
        });
      });
      return overview();
    },

    async removeHold(businessId: number, by: ActivityActor) {
      const name = (await deps.listBusinessNames([businessId])).get(businessId) ?? `#${businessId}`;
      await db.transaction(async (tx) => {
        const before = await repository.findHold(tx, businessId);
        if (!before || !(await repository.deleteHold(tx, businessId))) throw notFound(m.holdNotFound);
        await recordActivity(tx, by, {
          kind: 'legal_hold',
          action: 'disabled',
          recordId: businessId,
          recordLabel: name,
          businessId,
          details: { before: { reason: before.reason } },
        });
      });
      return overview();
    },

    /** 'Calcular propuesta': the files past retention today, as the open proposal. */
    async computeNow(actor: AuthUser, by: ActivityActor): Promise<Proposal> {
      const id = await computeProposal('manual', { user: actor, activity: by });
      if (id === undefined) throw conflict(m.proposalNotOpen);
      return proposal(id);
    },

    /**
     * The yearly proposal: from 2 January, once per year on any number of instances (the year's row is
     * unique). While an owner has a proposal open it waits, so it never replaces one being reviewed.
     */
    async computeScheduled(at: Date): Promise<number | undefined> {
      const day = santiagoDate(at);
      const year = Number(day.slice(0, 4));
      if (day.slice(5) < '01-02' || day.slice(5, 7) !== '01') return undefined;
      if (await repository.scheduledExists(db, year)) return undefined;
      const open = (await repository.listProposals(db, 1)).find(({ proposal: row }) => row.status === 'open');
      if (open) return undefined;
      return computeProposal('scheduled', { user: null, activity: SYSTEM_ACTOR }, day);
    },

    /**
     * Deletes the proposal's files: claimed first (open → confirmed, so a second confirmation gets
     * 409), then each file through the documents module's delete (its row and bytes, an activity entry
     * each), unless its company got a legal hold, its folder's years grew, it is gone or approved.
     */
    async confirm(actor: AuthUser, id: number, by: ActivityActor): Promise<Proposal> {
      const closedByName = await nameOf(actor.id);
      const claimed = await repository.closeProposal(db, id, 'confirmed', { id: actor.id, name: closedByName });
      if (!claimed) {
        if (!(await repository.findProposal(db, id))) throw notFound(m.proposalNotFound);
        throw conflict(m.proposalNotOpen);
      }
      const [files, holds, folders] = await Promise.all([
        repository.listProposalFiles(db, id),
        repository.listHolds(db),
        deps.listFolderRetention(),
      ]);
      const held = new Set(holds.map((hold) => hold.businessId));
      const yearsOf = new Map(folders.map((folder) => [folder.id, folder.retentionYears]));
      const day = today();
      let deleted = 0;
      let skipped = 0;
      for (const file of files.filter((row) => row.outcome === 'pending')) {
        let reason: string | null = null;
        const years = yearsOf.get(file.serviceFolderId);
        if (held.has(file.businessId)) reason = m.skippedHold;
        else if (years !== undefined && !isPastRetention({ year: file.year, month: file.month }, years, day))
          reason = m.skippedNotPast;
        else {
          try {
            await deps.deleteFile(actor, file.fileId, by);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            reason =
              error.statusCode === 404
                ? m.skippedGone
                : error.statusCode === 409
                  ? m.skippedApproved
                  : m.skippedOther(error.message);
          }
        }
        await repository.setFileOutcome(db, id, file.fileId, reason ? 'skipped' : 'deleted', reason);
        if (reason) skipped += 1;
        else deleted += 1;
      }
      await recordActivity(db, by, {
        kind: 'retention_proposal',
        action: 'confirmed',
        recordId: id,
        recordLabel: `Propuesta ${id}`,
        details: { after: { deleted, skipped } },
      });
      return proposal(id);
    },

    async discard(actor: AuthUser, id: number, by: ActivityActor): Promise<Proposal> {
      const closedByName = await nameOf(actor.id);
      await db.transaction(async (tx) => {
        const closed = await repository.closeProposal(tx, id, 'discarded', { id: actor.id, name: closedByName });
        if (!closed) {
          if (!(await repository.findProposal(tx, id))) throw notFound(m.proposalNotFound);
          throw conflict(m.proposalNotOpen);
        }
        await recordActivity(tx, by, {
          kind: 'retention_proposal',
          action: 'discarded',
          recordId: id,
          recordLabel: `Propuesta ${id}`,
        });
      });
      return proposal(id);
    },

    // ------------------------------------------------------------ the activity log
    async setActivityRetention(actor: AuthUser, years: number | null, by: ActivityActor) {
      await db.transaction(async (tx) => {
        const before = await repository.settings(tx, { lock: true });
        if (before.activityRetentionYears === years) return;
        await repository.saveSettings(tx, { activityRetentionYears: years, updatedById: actor.id });
        await recordActivity(tx, by, {
          kind: 'activity_log',
          action: 'updated',
          recordLabel: 'Conservación del registro de actividad',
          details: {
            before: { retentionYears: before.activityRetentionYears ?? m.keepAll },
            after: { retentionYears: years ?? m.keepAll },
          },
        });
      });
      return overview();
    },

    /** Opens the archive of the entries before the first day kept; 409 while everything is kept. */
    async openArchive(actor: AuthUser, format: ArchiveFormat): Promise<OpenedArchive> {
      const { keptFrom } = await keptFromNow();
      if (!keptFrom) throw conflict(m.noRetentionSet);
      return deps.activityArchive.open({ format, keptFrom, madeById: actor.id, madeByName: await nameOf(actor.id) });
    },

    completeArchive: deps.activityArchive.complete,

    async purge(archiveId: number, by: ActivityActor): Promise<{ purged: number; retention: RetentionOverview }> {
      const { keptFrom } = await keptFromNow();
      if (!keptFrom) throw conflict(m.noRetentionSet);
      const purged = await deps.activityArchive.purge(archiveId, keptFrom, by);
      return { purged, retention: await overview() };
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
