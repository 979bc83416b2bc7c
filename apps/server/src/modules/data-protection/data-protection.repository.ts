import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  dataProtectionSettings,
  legalHolds,
  privacyNoticeAcks,
  privacyNoticeVersions,
  retentionProposalFiles,
  retentionProposals,
  rightsRequests,
  securityIncidents,
} from './data-protection.tables.ts';

export type RightsRequestRow = typeof rightsRequests.$inferSelect;
export type RightsRequestInsert = typeof rightsRequests.$inferInsert;
export type IncidentRow = typeof securityIncidents.$inferSelect;
export type IncidentInsert = typeof securityIncidents.$inferInsert;
export type NoticeVersionRow = typeof privacyNoticeVersions.$inferSelect;
export type LegalHoldRow = typeof legalHolds.$inferSelect;
export type ProposalRow = typeof retentionProposals.$inferSelect;
export type ProposalFileRow = typeof retentionProposalFiles.$inferSelect;

const CLOSED = ['answered', 'rejected'] as const;

/** Queries on the data-protection module's own tables. */
export const dataProtectionRepository = {
  // ------------------------------------------------------------ requests from a person
  listRequests(db: DbOrTx): Promise<RightsRequestRow[]> {
    return db.select().from(rightsRequests).orderBy(desc(rightsRequests.receivedOn), desc(rightsRequests.id));
  },

  async findRequest(db: DbOrTx, id: number, options: { lock?: boolean } = {}): Promise<RightsRequestRow | undefined> {
    const query = db.select().from(rightsRequests).where(eq(rightsRequests.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  async insertRequest(db: DbOrTx, values: RightsRequestInsert): Promise<RightsRequestRow> {
    const [row] = await db.insert(rightsRequests).values(values).returning();
    if (!row) throw new Error('rights request insert returned nothing');
    return row;
  },

  async updateRequest(db: DbOrTx, id: number, values: Partial<RightsRequestInsert>): Promise<RightsRequestRow> {
    const [row] = await db
      .update(rightsRequests)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(rightsRequests.id, id))
      .returning();
    if (!row) throw new Error('rights request update returned nothing');
    return row;
  },

  /** Open requests whose term ends by `until` (overdue ones included), soonest first. */
  listOpenDueBy(db: DbOrTx, until: string): Promise<RightsRequestRow[]> {
    return db
      .select()
      .from(rightsRequests)
      .where(and(notInArray(rightsRequests.status, [...CLOSED]), sql`${rightsRequests.dueOn} <= ${until}`))
      .orderBy(asc(rightsRequests.dueOn), asc(rightsRequests.id));
  },

  // ------------------------------------------------------------ incidents
  listIncidents(db: DbOrTx): Promise<IncidentRow[]> {
    return db.select().from(securityIncidents).orderBy(desc(securityIncidents.detectedAt), desc(securityIncidents.id));
  },

  async findIncident(db: DbOrTx, id: number): Promise<IncidentRow | undefined> {
    const [row] = await db.select().from(securityIncidents).where(eq(securityIncidents.id, id)).for('update');
    return row;
  },

  async insertIncident(db: DbOrTx, values: IncidentInsert): Promise<IncidentRow> {
    const [row] = await db.insert(securityIncidents).values(values).returning();
    if (!row) throw new Error('incident insert returned nothing');
    return row;
  },

  async updateIncident(db: DbOrTx, id: number, values: Partial<IncidentInsert>): Promise<IncidentRow> {
    const [row] = await db
      .update(securityIncidents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(securityIncidents.id, id))
      .returning();
    if (!row) throw new Error('incident update returned nothing');
    return row;
  },

  // ------------------------------------------------------------ privacy notice
  async currentNotice(db: DbOrTx): Promise<NoticeVersionRow | undefined> {
    const [row] = await db.select().from(privacyNoticeVersions).orderBy(desc(privacyNoticeVersions.version)).limit(1);
    return row;
  },

  /** Every version, newest first, with how many acknowledgements each has. */
  listNoticeVersions(db: DbOrTx) {
    return db
      .select({
        id: privacyNoticeVersions.id,
        version: privacyNoticeVersions.version,
        publishedAt: privacyNoticeVersions.publishedAt,
        publishedByName: privacyNoticeVersions.publishedByName,
        acknowledgements: count(privacyNoticeAcks.id),
      })
      .from(privacyNoticeVersions)
      .leftJoin(privacyNoticeAcks, eq(privacyNoticeAcks.versionId, privacyNoticeVersions.id))
      .groupBy(privacyNoticeVersions.id)
      .orderBy(desc(privacyNoticeVersions.version));
  },

  /**
   * A new version numbered one after the newest, in the caller's transaction; the table is locked
   * first so two owners publishing at once get versions n and n + 1, never the same number twice.
   */
  async insertNoticeVersion(
    db: DbOrTx,
    values: { text: string; publishedById: number | null; publishedByName: string },
  ): Promise<NoticeVersionRow> {
    await db.execute(sql`lock table ${privacyNoticeVersions} in share row exclusive mode`);
    const [row] = await db
      .insert(privacyNoticeVersions)
      .values({
        ...values,
        version: sql`(select coalesce(max(${privacyNoticeVersions.version}), 0) + 1 from ${privacyNoticeVersions})`,
      })
      .returning();
    if (!row) throw new Error('notice insert returned nothing');
    return row;
  },

  async findNoticeVersion(db: DbOrTx, id: number): Promise<NoticeVersionRow | undefined> {
    const [row] = await db.select().from(privacyNoticeVersions).where(eq(privacyNoticeVersions.id, id));
    return row;
  },

  async acknowledgementOf(db: DbOrTx, userId: number, versionId: number) {
    const [row] = await db
      .select({ acknowledgedAt: privacyNoticeAcks.acknowledgedAt })
      .from(privacyNoticeAcks)
      .where(and(eq(privacyNoticeAcks.userId, userId), eq(privacyNoticeAcks.versionId, versionId)));
    return row;
  },

  /** Records an acknowledgement; false when the user had already acknowledged that version. */
  async insertAcknowledgement(db: DbOrTx, values: typeof privacyNoticeAcks.$inferInsert): Promise<boolean> {
    const rows = await db
      .insert(privacyNoticeAcks)
      .values(values)
      .onConflictDoNothing({ target: [privacyNoticeAcks.userId, privacyNoticeAcks.versionId] })
      .returning({ id: privacyNoticeAcks.id });
    return rows.length > 0;
  },

  listAcknowledgements(db: DbOrTx, versionId: number) {
    return db
      .select()
      .from(privacyNoticeAcks)
      .where(eq(privacyNoticeAcks.versionId, versionId))
      .orderBy(desc(privacyNoticeAcks.acknowledgedAt), desc(privacyNoticeAcks.id));
  },

  /** How many of these users acknowledged the version. */
  async countAcknowledgedAmong(db: DbOrTx, versionId: number, userIds: number[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const [row] = await db
      .select({ count: count() })
      .from(privacyNoticeAcks)
      .where(and(eq(privacyNoticeAcks.versionId, versionId), inArray(privacyNoticeAcks.userId, userIds)));
    return row?.count ?? 0;
  },

  // ------------------------------------------------------------ legal holds
  listHolds(db: DbOrTx): Promise<LegalHoldRow[]> {
    return db.select().from(legalHolds).orderBy(asc(legalHolds.setAt));
  },

  async findHold(db: DbOrTx, businessId: number): Promise<LegalHoldRow | undefined> {
    const [row] = await db.select().from(legalHolds).where(eq(legalHolds.businessId, businessId)).for('update');
    return row;
  },

  async upsertHold(db: DbOrTx, values: typeof legalHolds.$inferInsert): Promise<void> {
    await db
      .insert(legalHolds)
      .values(values)
      .onConflictDoUpdate({
        target: legalHolds.businessId,
        set: { reason: values.reason, setById: values.setById, setByName: values.setByName, setAt: new Date() },
      });
  },

  async deleteHold(db: DbOrTx, businessId: number): Promise<boolean> {
    const rows = await db
      .delete(legalHolds)
      .where(eq(legalHolds.businessId, businessId))
      .returning({ id: legalHolds.businessId });
    return rows.length > 0;
  },

  // ------------------------------------------------------------ retention proposals
  /** The newest proposals first, with their files' count, size and outcomes. */
  listProposals(db: DbOrTx, limit: number) {
    return db
      .select({
        proposal: retentionProposals,
        fileCount: sql<number>`count(${retentionProposalFiles.fileId})`.mapWith(Number),
        totalSize: sql<number>`coalesce(sum(${retentionProposalFiles.size}), 0)`.mapWith(Number),
        deletedCount: sql<number>`count(*) filter (where ${retentionProposalFiles.outcome} = 'deleted')`.mapWith(
          Number,
        ),
        skippedCount: sql<number>`count(*) filter (where ${retentionProposalFiles.outcome} = 'skipped')`.mapWith(
          Number,
        ),
      })
      .from(retentionProposals)
      .leftJoin(retentionProposalFiles, eq(retentionProposalFiles.proposalId, retentionProposals.id))
      .groupBy(retentionProposals.id)
      .orderBy(desc(retentionProposals.createdAt), desc(retentionProposals.id))
      .limit(limit);
  },

  async findProposal(db: DbOrTx, id: number, options: { lock?: boolean } = {}): Promise<ProposalRow | undefined> {
    const query = db.select().from(retentionProposals).where(eq(retentionProposals.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  listProposalFiles(db: DbOrTx, proposalId: number): Promise<ProposalFileRow[]> {
    return db
      .select()
      .from(retentionProposalFiles)
      .where(eq(retentionProposalFiles.proposalId, proposalId))
      .orderBy(
        asc(retentionProposalFiles.year),
        asc(retentionProposalFiles.month),
        asc(retentionProposalFiles.businessName),
        asc(retentionProposalFiles.fileId),
      );
  },

  /** Discards the open proposal, if any (a new one takes its place). */
  async discardOpen(db: DbOrTx, by: { id: number | null; name: string | null }): Promise<void> {
    await db
      .update(retentionProposals)
      .set({ status: 'discarded', closedAt: new Date(), closedById: by.id, closedByName: by.name })
      .where(eq(retentionProposals.status, 'open'));
  },

  /** A new proposal; undefined when a scheduled one of that year exists already (another instance made it). */
  async insertProposal(db: DbOrTx, values: typeof retentionProposals.$inferInsert): Promise<ProposalRow | undefined> {
    const [row] = await db
      .insert(retentionProposals)
      .values(values)
      .onConflictDoNothing({
        target: retentionProposals.scheduledYear,
        where: sql`${retentionProposals.source} = 'scheduled'`,
      })
      .returning();
    return row;
  },

  async insertProposalFiles(db: DbOrTx, rows: (typeof retentionProposalFiles.$inferInsert)[]): Promise<void> {
    // In slices: each row is 13 parameters, and a statement takes at most 65,535.
    for (let start = 0; start < rows.length; start += 1000) {
      await db.insert(retentionProposalFiles).values(rows.slice(start, start + 1000));
    }
  },

  async setFileOutcome(
    db: DbOrTx,
    proposalId: number,
    fileId: number,
    outcome: 'deleted' | 'skipped',
    reason: string | null,
  ): Promise<void> {
    await db
      .update(retentionProposalFiles)
      .set({ outcome, outcomeReason: reason })
      .where(and(eq(retentionProposalFiles.proposalId, proposalId), eq(retentionProposalFiles.fileId, fileId)));
  },

  /** Closes an open proposal: undefined when it was no longer open (another owner closed it). */
  async closeProposal(
    db: DbOrTx,
    id: number,
    status: 'confirmed' | 'discarded',
    by: { id: number | null; name: string },
  ): Promise<ProposalRow | undefined> {
    const [row] = await db
      .update(retentionProposals)
      .set({ status, closedAt: new Date(), closedById: by.id, closedByName: by.name })
      .where(and(eq(retentionProposals.id, id), eq(retentionProposals.status, 'open')))
      .returning();
    return row;
  },

  async scheduledExists(db: DbOrTx, year: number): Promise<boolean> {
    const [row] = await db
      .select({ id: retentionProposals.id })
      .from(retentionProposals)
      .where(and(eq(retentionProposals.source, 'scheduled'), eq(retentionProposals.scheduledYear, year)));
    return row !== undefined;
  },

  // ------------------------------------------------------------ settings
  async settings(db: DbOrTx, options: { lock?: boolean } = {}) {
    const query = db.select().from(dataProtectionSettings).where(eq(dataProtectionSettings.id, 1));
    const [row] = options.lock ? await query.for('update') : await query;
    return { activityRetentionYears: row?.activityRetentionYears ?? null };
  },

  async saveSettings(db: DbOrTx, values: { activityRetentionYears: number | null; updatedById: number | null }) {
    const set = { ...values, updatedAt: new Date() };
    await db
      .insert(dataProtectionSettings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: dataProtectionSettings.id, set });
  },
};
