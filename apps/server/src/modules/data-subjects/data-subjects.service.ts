import { createHmac, hkdfSync } from 'node:crypto';
import type { Readable } from 'node:stream';
import { dataSubjectsMsg, SUBJECT_PLACES, type SubjectPlace } from '@app/shared/messages-data-subjects';
import { isStaff } from '@app/shared/permissions';
import { splitContacts } from '@app/shared/schemas/businesses';
import type { SubjectSearchResult, SubjectSuppressed } from '@app/shared/schemas/data-subjects';
import {
  foldText,
  mentionsSubject,
  nameVariants,
  pseudonymEmailOf,
  pseudonymOf,
  readSubjectTerm,
  replaceMentions,
  replaceMentionsDeep,
  SUBJECT_SEARCH_LABELS,
  type SubjectMentions,
  type SubjectSearchKind,
  type SubjectTerm,
} from '@app/shared/subject-match';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityDetails } from '../../db/schema/activity.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isInsufficientPrivilege } from '../../lib/db-errors.ts';
import type { NewestPage, SubjectMatch, SubjectPage } from '../../lib/subject-search.ts';
import { zipStream } from '../../lib/zip-stream.ts';
import { presentHits } from './data-subjects.presenter.ts';
import { dataSubjectsRepository } from './data-subjects.repository.ts';
import type {
  AccountRow,
  ActivityEntryRow,
  CompanyRow,
  EmailRow,
  MessageRow,
  NoteRow,
  UploadedFileRow,
} from './data-subjects.rows.ts';
import type { SuppressionLineRow } from './data-subjects.tables.ts';
import { exportJson, exportSheets, type SubjectExport } from './data-subjects-export.ts';

/** A place that pages its rows about the person: what the other modules hand this one. */
interface PagedPlace<Row> {
  about(match: SubjectMatch, page: SubjectPage, tx?: DbOrTx): Promise<Row[]>;
  /** How many rows name the person (up to `cap` when given), and the newest `limit` of them (0: the count alone). */
  newest(match: SubjectMatch, page: NewestPage, tx?: DbOrTx): Promise<{ count: number; rows: Row[] }>;
}

/** What this module needs from the others, as plain functions (compose-modules.ts hands them over). */
export interface DataSubjectsDeps {
  db: Db;
  /** The firm's ENCRYPTION_KEY: a key derived from it fingerprints the searched terms in the activity log. */
  encryptionKey: Buffer;
  // Users module.
  findAccounts(match: { emails: string[]; names: string[] }, tx?: DbOrTx): Promise<AccountRow[]>;
  lockOwnerIds(tx: DbOrTx): Promise<number[]>;
  suppressClient(tx: DbOrTx, id: number, pseudonym: { name: string; email: string }): Promise<boolean>;
  userNames(ids: readonly number[]): Promise<Map<number, { name: string; lastName: string }>>;
  // Sessions, push and second-factor modules: a suppressed account's ways in.
  announceSessionsEnded(userId: number): void;
  removePushSubscriptions(tx: DbOrTx, userId: number): Promise<number>;
  removeSecondFactor(tx: DbOrTx, userId: number): Promise<boolean>;
  // Businesses module.
  companiesAbout(match: SubjectMatch, tx?: DbOrTx): Promise<CompanyRow[]>;
  setCompanyPersonFields(
    tx: DbOrTx,
    id: number,
    values: { contact: string; legalRepresentative: string },
  ): Promise<void>;
  companyNames(ids: readonly number[]): Promise<Map<number, string>>;
  // Notes, messages, e-mail log, activity log and documents modules.
  notes: PagedPlace<NoteRow> & {
    setDescriptions(tx: DbOrTx, changes: { id: number; description: string }[]): Promise<void>;
  };
  messages: PagedPlace<MessageRow> & {
    setAuthorNames(tx: DbOrTx, changes: { id: number; authorName: string }[]): Promise<void>;
    setSystemTexts(tx: DbOrTx, changes: { id: number; body: string }[]): Promise<void>;
  };
  emails: PagedPlace<EmailRow> & {
    mask(tx: DbOrTx, changes: { id: number; emails: string; subject: string; content: string }[]): Promise<number>;
  };
  activity: PagedPlace<ActivityEntryRow> & {
    pseudonymise(
      tx: DbOrTx,
      changes: { id: number; actorName: string | null; recordLabel: string | null; details: ActivityDetails | null }[],
    ): Promise<void>;
  };
  /** Approvals module: the approvals these accounts answered (kept as the proof of their answer). */
  countApprovalsAnsweredBy(userIds: number[], tx?: DbOrTx): Promise<number>;
  files: {
    uploadedBy(userIds: number[], page: SubjectPage, tx?: DbOrTx): Promise<UploadedFileRow[]>;
    countUploadedBy(userIds: number[], tx?: DbOrTx): Promise<number>;
    keepUploadedBy(tx: DbOrTx, userIds: number[], reason: string): Promise<number>;
    renameDownloads(tx: DbOrTx, userIds: number[], name: string): Promise<number>;
  };
}

/** Lines of each place in the search's answer; the export has them all. */
export const HITS_SHOWN = 5;
/**
 * How far the search counts in each place: past it the place says 'más de 1.000' (no one person is
 * named a thousand times; reading every row of a surname that a tenth of the firm's clients bear
 * took 0.7–1.8 s). The export and the suppression count everything.
 */
export const SUBJECT_COUNT_CAP = 1000;
/** Accounts the answer names (a name of one word may find hundreds): the count says how many. */
const ACCOUNTS_SHOWN = 20;
/** Rows read per query by the export and the suppression: memory stays flat. */
const BATCH = 500;

/** The person as the search found them: the term, the accounts, and what names them. */
export interface Subject {
  term: SubjectTerm;
  accounts: AccountRow[];
  match: SubjectMatch;
  mentions: SubjectMentions;
  widened: boolean;
}

const fullName = (account: { name: string; lastName: string }) => `${account.name} ${account.lastName}`.trim();
const uniqueBy = (values: string[], key: (value: string) => string) => {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/** Runs the reads one after the other, answering their results in order. */
async function inTurn(reads: readonly (() => Promise<unknown>)[]): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results;
}

/** Every row of a paged place, in id order, a batch at a time. */
async function* allRows<Row extends { id: number }>(read: (page: SubjectPage) => Promise<Row[]>): AsyncGenerator<Row> {
  let afterId: number | undefined;
  for (;;) {
    const rows = await read({ limit: BATCH, afterId });
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    afterId = last.id;
  }
}

export function createDataSubjectsService(deps: DataSubjectsDeps) {
  const { db } = deps;
  const fingerprintKey = Buffer.from(
    hkdfSync('sha256', deps.encryptionKey, Buffer.alloc(0), 'estudio-contable/titular/huella-de-busqueda', 32),
  );

  /**
   * A keyed fingerprint of what was searched: the log says that a person was searched, and an owner
   * holding the term can tell whether it was this one, without the log holding it in clear.
   */
  function fingerprintOf(term: SubjectTerm): string {
    const key = term.by === 'email' ? term.email : term.by === 'rut' ? term.rut : foldText(term.name);
    return createHmac('sha256', fingerprintKey).update(`${term.by}:${key}`).digest('hex').slice(0, 16);
  }

  function termOf(by: SubjectSearchKind, value: string): SubjectTerm {
    const read = readSubjectTerm(by, value);
    if (!read.ok) throw badRequest(read.message, 'value');
    return read.term;
  }

  /**
   * Who the term names: the accounts with that e-mail or name and, when it names exactly one
   * account still active, that account's own e-mail and full name too (a person searched by e-mail
   * is also found where only their name was written).
   */
  async function resolve(term: SubjectTerm, tx: DbOrTx = db): Promise<Subject> {
    const emails = term.by === 'email' ? [term.email] : [];
    const names = term.by === 'name' ? [term.name] : [];
    const ruts = term.by === 'rut' ? term.spellings : [];
    const accounts = term.by === 'rut' ? [] : await deps.findAccounts({ emails, names }, tx);
    const active = accounts.filter((account) => account.suppressedAt === null);
    // The names replaced in text: as typed, and the usual ways of writing the account's name.
    let written = [...names];
    let widened = false;
    if (active.length === 1 && active[0]) {
      const account = active[0];
      const variants = nameVariants(account.name, account.lastName);
      const moreEmails = uniqueBy([...emails, account.email.toLowerCase()], (email) => email);
      // Searched by the whole name only ('Ana Pérez' alone would find every Ana Pérez); the shorter
      // ways are replaced inside what the search found.
      const moreNames = uniqueBy([...names, ...variants.slice(0, 1)], foldText);
      widened = moreEmails.length > emails.length || moreNames.length > names.length;
      emails.splice(0, emails.length, ...moreEmails);
      names.splice(0, names.length, ...moreNames);
      written = uniqueBy([...written, ...variants], foldText);
    }
    return {
      term,
      accounts,
      match: { emails, names, ruts, userIds: accounts.map((account) => account.id) },
      mentions: {
        names: written,
        emails,
        ruts: term.by === 'rut' ? [{ body: term.body, checkDigit: term.checkDigit }] : [],
      },
      widened,
    };
  }

  /** Why this person may not be suppressed, or null (the search shows it; the suppression refuses with it). */
  async function refusalOf(subject: Subject, tx: DbOrTx): Promise<string | null> {
    const active = subject.accounts.filter((account) => account.suppressedAt === null);
    const staff = active.find((account) => isStaff(account.role));
    if (staff) {
      const owners = staff.role === 'owner' ? await deps.lockOwnerIds(tx) : [];
      if (owners.includes(staff.id) && owners.length <= 1) return dataSubjectsMsg.refusedLastOwner(fullName(staff));
      return dataSubjectsMsg.refusedStaff(fullName(staff));
    }
    if (active.length > 1) return dataSubjectsMsg.refusedSeveralAccounts(active.length);
    return null;
  }

  /**
   * Each place's count and its newest `page.limit` rows (none with 0), one statement per place,
   * counting up to `page.cap` when given; the companies all (a person is named by a handful).
   */
  async function findAll(subject: Subject, page: NewestPage, tx: DbOrTx = db) {
    const { match } = subject;
    const reads = [
      () => deps.companiesAbout(match, tx),
      () => deps.notes.newest(match, page, tx),
      () => deps.messages.newest(match, page, tx),
      () => deps.emails.newest(match, page, tx),
      () =>
        page.limit > 0 && match.userIds.length > 0
          ? deps.files.uploadedBy(match.userIds, { limit: page.limit, newestFirst: true }, tx)
          : Promise.resolve([]),
      () => deps.files.countUploadedBy(match.userIds, tx),
      () => deps.activity.newest(match, page, tx),
    ] as const;
    // Side by side on the pool's connections; one after the other on a transaction's single one.
    const [companyRows, notes, messages, emails, documents, documentCount, activity] = (
      tx === db ? await Promise.all(reads.map((read) => read())) : await inTurn(reads)
    ) as [
      CompanyRow[],
      { count: number; rows: NoteRow[] },
      { count: number; rows: MessageRow[] },
      { count: number; rows: EmailRow[] },
      UploadedFileRow[],
      number,
      { count: number; rows: ActivityEntryRow[] },
    ];
    const counts: Record<SubjectPlace, number> = {
      users: subject.accounts.length,
      companies: companyRows.length,
      notes: notes.count,
      messages: messages.count,
      emails: emails.count,
      documents: documentCount,
      activity: activity.count,
    };
    return {
      counts,
      companyRows,
      rows: { notes: notes.rows, messages: messages.rows, emails: emails.rows, documents, activity: activity.rows },
    };
  }

  async function recordStep(
    actor: ActivityActor,
    action: 'searched' | 'exported',
    term: SubjectTerm,
    found: number,
  ): Promise<void> {
    await recordActivity(db, actor, {
      kind: 'data_subject',
      action,
      details: {
        after: { searchedBy: SUBJECT_SEARCH_LABELS[term.by], fingerprint: fingerprintOf(term), found },
      },
    });
  }

  return {
    fingerprintOf,

    /** 'Buscar titular': each place's count and newest lines; the search is logged by kind and count, never its term. */
    async search(query: { by: SubjectSearchKind; value: string }, actor: ActivityActor): Promise<SubjectSearchResult> {
      const term = termOf(query.by, query.value);
      const subject = await resolve(term);
      const [found, refusal] = await Promise.all([
        findAll(subject, { limit: HITS_SHOWN, cap: SUBJECT_COUNT_CAP }),
        refusalOf(subject, db),
      ]);
      const { counts } = found;
      const { notes, messages, emails, documents, activity } = found.rows;
      const accounts = subject.accounts.slice(0, HITS_SHOWN);
      const companyIds = [
        ...accounts.flatMap((account) => (account.businessId ? [account.businessId] : [])),
        ...messages.map((row) => row.businessId),
        ...emails.flatMap((row) => (row.businessId ? [row.businessId] : [])),
        ...documents.map((row) => row.businessId),
      ];
      const userIds = [...notes.map((row) => row.userId)];
      const [companyNames, userNames] = await Promise.all([deps.companyNames(companyIds), deps.userNames(userIds)]);
      const places = presentHits(
        {
          users: accounts,
          companies: found.companyRows.slice(0, HITS_SHOWN),
          notes,
          messages,
          emails,
          documents,
          activity,
        },
        {
          counts,
          cap: SUBJECT_COUNT_CAP,
          mentions: subject.mentions,
          companyNames,
          userNames,
          ruts: subject.match.ruts,
        },
      );
      const count = places.reduce((sum, place) => sum + place.count, 0);
      await recordStep(actor, 'searched', term, count);
      return {
        count,
        more: places.some((place) => place.more),
        places,
        accounts: subject.accounts.slice(0, ACCOUNTS_SHOWN).map((account) => ({
          id: account.id,
          name: fullName(account),
          email: account.email,
          role: account.role,
          suppressed: account.suppressedAt !== null,
        })),
        widened: subject.widened,
        suppressRefusal: count === 0 ? dataSubjectsMsg.nothingFound : refusal,
      };
    },

    /**
     * 'Exportar': a .zip with everything found as JSON (portability) and as a workbook with a sheet
     * per place, both written as they are read. Logged (kind and count, not the term) before it streams.
     */
    async export(
      query: { by: SubjectSearchKind; value: string },
      actor: ActivityActor,
      now: Date = new Date(),
    ): Promise<{ stream: Readable; fileName: string }> {
      const term = termOf(query.by, query.value);
      const subject = await resolve(term);
      const { counts, companyRows } = await findAll(subject, { limit: 0 });
      const total = SUBJECT_PLACE_KEYS.reduce((sum, place) => sum + counts[place], 0);
      if (total === 0) throw notFound(dataSubjectsMsg.nothingFound);
      await recordStep(actor, 'exported', term, total);
      const { match } = subject;
      const source: SubjectExport = {
        generatedAt: now,
        term,
        counts,
        accounts: subject.accounts,
        companies: companyRows,
        notes: () => allRows((page) => deps.notes.about(match, page)),
        messages: () => allRows((page) => deps.messages.about(match, page)),
        emails: () => allRows((page) => deps.emails.about(match, page)),
        documents: () => allRows((page) => deps.files.uploadedBy(match.userIds, page)),
        activity: () => allRows((page) => deps.activity.about(match, page)),
        companyNames: deps.companyNames,
        userNames: deps.userNames,
      };
      const day = now.toISOString().slice(0, 10);
      return {
        fileName: `datos-titular-${day}.zip`,
        stream: zipStream(
          [
            { name: 'titular.json', content: () => exportJson(source) },
            { name: 'titular.xlsx', content: () => exportSheets(source) },
          ],
          now,
        ),
      };
    },

    /**
     * 'Suprimir', in one transaction: the person's account disabled under the pseudonym 'Titular
     * suprimido #N', their name, e-mail and RUT replaced wherever the law lets them go, and what it
     * obliges to keep kept, with the reason. Refused for staff, the last owner, or several accounts.
     */
    async suppress(query: { by: SubjectSearchKind; value: string }, actor: ActivityActor): Promise<SubjectSuppressed> {
      const term = termOf(query.by, query.value);
      const outcome = await db
        .transaction(async (tx) => {
          await dataSubjectsRepository.lockSuppressions(tx);
          const subject = await resolve(term, tx);
          const refusal = await refusalOf(subject, tx);
          if (refusal) throw conflict(refusal);
          const { counts, companyRows } = await findAll(subject, { limit: 0 }, tx);
          const total = SUBJECT_PLACE_KEYS.reduce((sum, place) => sum + counts[place], 0);
          if (total === 0) throw notFound(dataSubjectsMsg.nothingFound);
          const number = await dataSubjectsRepository.insert(tx, { searchedBy: term.by, suppressedBy: actor.userId });
          const pseudonym = pseudonymOf(number);
          const lines = await suppressEverywhere(tx, subject, companyRows, pseudonym, number);
          const account = subject.accounts.find((row) => row.suppressedAt === null && row.role === 'client');
          await dataSubjectsRepository.complete(tx, number, { userId: account?.id ?? null, ...lines });
          await recordActivity(tx, actor, {
            kind: 'data_subject',
            action: 'suppressed',
            recordId: number,
            recordLabel: pseudonym,
            details: {
              after: {
                searchedBy: SUBJECT_SEARCH_LABELS[term.by],
                removed: lines.removed.map((line) => `${line.what}: ${line.count}`).join('; '),
                kept: lines.kept.map((line) => `${line.what}: ${line.count}`).join('; '),
              },
            },
          });
          return { pseudonym, accountId: account?.id, ...lines };
        })
        .catch((error: unknown) => {
          // A PostgreSQL role without UPDATE on the activity log's name columns (README).
          if (!(error instanceof AppError) && isInsufficientPrivilege(error)) {
            throw new AppError(503, dataSubjectsMsg.refusedActivityRights);
          }
          throw error;
        });
      if (outcome.accountId !== undefined) deps.announceSessionsEnded(outcome.accountId);
      return {
        message: dataSubjectsMsg.suppressed(outcome.pseudonym),
        pseudonym: outcome.pseudonym,
        removed: outcome.removed,
        kept: outcome.kept,
      };
    },
  };

  /** Every change of a suppression, in its transaction; the lines of what was removed and what kept. */
  async function suppressEverywhere(
    tx: DbOrTx,
    subject: Subject,
    companies: CompanyRow[],
    pseudonym: string,
    number: number,
  ): Promise<{ removed: SuppressionLineRow[]; kept: SuppressionLineRow[] }> {
    const removed: SuppressionLineRow[] = [];
    const kept: SuppressionLineRow[] = [];
    const { match, mentions } = subject;
    const replace = (text: string) => replaceMentions(text, mentions, pseudonym);
    const userIds = new Set(match.userIds);

    // The client account: disabled, named by the pseudonym, its ways in removed.
    const accounts = subject.accounts.filter((account) => account.suppressedAt === null && account.role === 'client');
    for (const account of accounts) {
      if (!(await deps.suppressClient(tx, account.id, { name: pseudonym, email: pseudonymEmailOf(number) }))) {
        throw conflict(dataSubjectsMsg.refusedStaff(fullName(account)));
      }
      await deps.removePushSubscriptions(tx, account.id);
      await deps.removeSecondFactor(tx, account.id);
    }
    if (accounts.length > 0) {
      removed.push(line(SUPPRESSION_LINES.account, accounts.length));
      kept.push(line(SUPPRESSION_LINES.accountKept, accounts.length));
    }

    // Companies: the person's contact addresses go, a legal representative naming them is replaced.
    let contacts = 0;
    let representatives = 0;
    let ownRut = 0;
    const subjectEmails = new Set(match.emails.map((email) => email.toLowerCase()));
    for (const company of companies) {
      const addresses = splitContacts(company.contact);
      const remaining = addresses.filter((address) => !subjectEmails.has(address.toLowerCase()));
      const representative = replace(company.legalRepresentative);
      contacts += addresses.length - remaining.length;
      if (representative !== company.legalRepresentative) representatives += 1;
      if (match.ruts.includes(company.rut)) ownRut += 1;
      if (remaining.length !== addresses.length || representative !== company.legalRepresentative) {
        await deps.setCompanyPersonFields(tx, company.id, {
          contact: remaining.join(','),
          legalRepresentative: representative,
        });
      }
    }
    if (contacts > 0) removed.push(line(SUPPRESSION_LINES.contacts, contacts));
    if (representatives > 0) removed.push(line(SUPPRESSION_LINES.representatives, representatives));
    if (ownRut > 0) kept.push(line(SUPPRESSION_LINES.ownRut, ownRut));

    // Notes: the person's name, e-mail and RUT replaced in their text.
    const noteChanges: { id: number; description: string }[] = [];
    let notesSeen = 0;
    for await (const note of allRows((page) => deps.notes.about(match, page, tx))) {
      notesSeen += 1;
      const description = replace(note.description);
      if (description !== note.description) noteChanges.push({ id: note.id, description });
    }
    await deps.notes.setDescriptions(tx, noteChanges);
    if (noteChanges.length > 0) removed.push(line(SUPPRESSION_LINES.notes, noteChanges.length));
    if (notesSeen > noteChanges.length)
      kept.push(line(SUPPRESSION_LINES.notesToReview, notesSeen - noteChanges.length));

    // Messages: the author under the pseudonym; the text stays (the firm's correspondence).
    const authorChanges: { id: number; authorName: string }[] = [];
    const systemChanges: { id: number; body: string }[] = [];
    let messagesKept = 0;
    for await (const message of allRows((page) => deps.messages.about(match, page, tx))) {
      // The app's own lines ('Ana Pérez aprobó…') are not correspondence: their text is rewritten.
      if (message.side === 'system') {
        const body = replace(message.body);
        if (body !== message.body) systemChanges.push({ id: message.id, body });
        continue;
      }
      const authorName =
        message.authorId !== null && userIds.has(message.authorId) ? pseudonym : replace(message.authorName);

      if (authorName !== message.authorName) authorChanges.push({ id: message.id, authorName });
      const authored = message.authorId !== null && userIds.has(message.authorId);
      if (message.body !== '' && (authored || mentionsSubject(message.body, mentions))) messagesKept += 1;
    }
    await deps.messages.setAuthorNames(tx, authorChanges);
    await deps.messages.setSystemTexts(tx, systemChanges);
    if (systemChanges.length > 0) removed.push(line(SUPPRESSION_LINES.systemLines, systemChanges.length));
    if (authorChanges.length > 0) removed.push(line(SUPPRESSION_LINES.messageAuthors, authorChanges.length));
    if (messagesKept > 0) kept.push(line(SUPPRESSION_LINES.messageTexts, messagesKept));

    // The e-mail log: the address among the recipients, and mentions in the subject and text, masked.
    const masked = `[${pseudonym}]`;
    const mailChanges: { id: number; emails: string; subject: string; content: string }[] = [];
    for await (const mail of allRows((page) => deps.emails.about(match, page, tx))) {
      const emails = mail.emails
        .split(',')
        .map((address) => (subjectEmails.has(address.trim().toLowerCase()) ? masked : address))
        .join(',');
      const change = { id: mail.id, emails, subject: replace(mail.subject), content: replace(mail.content) };
      if (change.emails !== mail.emails || change.subject !== mail.subject || change.content !== mail.content) {
        mailChanges.push(change);
      }
    }
    const retriesDropped = await deps.emails.mask(tx, mailChanges);
    if (mailChanges.length > 0) removed.push(line(SUPPRESSION_LINES.emails, mailChanges.length));
    if (retriesDropped > 0) removed.push(line(SUPPRESSION_LINES.emailRetries, retriesDropped));

    // The activity log: the actions stay, under the pseudonym.
    const entryChanges: {
      id: number;
      actorName: string | null;
      recordLabel: string | null;
      details: ActivityDetails | null;
    }[] = [];
    let entries = 0;
    for await (const entry of allRows((page) => deps.activity.about(match, page, tx))) {
      entries += 1;
      const actorName =
        entry.actorId !== null && userIds.has(entry.actorId)
          ? pseudonym
          : entry.actorName === null
            ? null
            : replace(entry.actorName);
      const recordLabel = entry.recordLabel === null ? null : replace(entry.recordLabel);
      const aboutAccount = entry.kind === 'user' && entry.recordId !== null && userIds.has(Number(entry.recordId));
      const named = entry.details && aboutAccount ? accountFieldsReplaced(entry.details, pseudonym) : entry.details;
      const details = named === null ? null : (replaceMentionsDeep(named, mentions, pseudonym) as ActivityDetails);
      if (
        actorName !== entry.actorName ||
        recordLabel !== entry.recordLabel ||
        JSON.stringify(details) !== JSON.stringify(entry.details)
      ) {
        entryChanges.push({ id: entry.id, actorName, recordLabel, details });
      }
    }
    await deps.activity.pseudonymise(tx, entryChanges);
    if (entryChanges.length > 0) removed.push(line(SUPPRESSION_LINES.activityNames, entryChanges.length));
    if (entries > 0) kept.push(line(SUPPRESSION_LINES.activityKept, entries));

    // Documents they uploaded: kept for the tax law, with the reason shown beside each.
    const ids = [...userIds];
    const files = ids.length > 0 ? await deps.files.keepUploadedBy(tx, ids, dataSubjectsMsg.taxRetention) : 0;
    if (files > 0) kept.push(line(SUPPRESSION_LINES.documents, files));
    const downloads = ids.length > 0 ? await deps.files.renameDownloads(tx, ids, pseudonym) : 0;
    if (downloads > 0) removed.push(line(SUPPRESSION_LINES.downloads, downloads));

    // Approvals they answered: the answer's proof (who, when, from where, the document's hash) stays.
    const approvals = ids.length > 0 ? await deps.countApprovalsAnsweredBy(ids, tx) : 0;
    if (approvals > 0) kept.push(line(SUPPRESSION_LINES.approvals, approvals));

    return { removed, kept };
  }
}

const SUBJECT_PLACE_KEYS = Object.keys(SUBJECT_PLACES) as SubjectPlace[];

/**
 * An entry about the account itself (created, changed, deleted) names its fields one by one:
 * 'Ana María' and 'Pérez Soto' apart, which no whole name matches. They become the pseudonym.
 */
function accountFieldsReplaced(details: ActivityDetails, pseudonym: string): ActivityDetails {
  const half = (fields: Record<string, unknown> | undefined) =>
    fields &&
    Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [
        key,
        key === 'name' || key === 'email' ? pseudonym : key === 'lastName' ? '' : value,
      ]),
    );
  return { before: half(details.before), after: half(details.after) };
}

/** What a suppression says it did, each with why (what was kept says the law that keeps it). */
const SUPPRESSION_LINES = {
  account: {
    what: 'Cuenta de cliente: nombre y correo reemplazados por el seudónimo; sesiones, avisos del navegador y verificación en dos pasos eliminados',
    reason: 'La persona pidió suprimir sus datos y su cuenta ya no se usa',
  },
  accountKept: {
    what: 'Cuenta de usuario desactivada (sin correo ni contraseña utilizables)',
    reason: 'Los documentos y mensajes que la persona envió la nombran por su número; queda solo con el seudónimo',
  },
  contacts: {
    what: 'Correos de contacto de empresas eliminados',
    reason: 'Ya no se le escribirá',
  },
  representatives: {
    what: 'Representante legal de empresas reemplazado por el seudónimo',
    reason: 'Ya no la identifica; registre en la empresa a su representante legal vigente',
  },
  ownRut: {
    what: 'Empresa con el RUT de la persona (persona natural con giro)',
    reason:
      'Es cliente del estudio y sus registros tributarios se conservan (Código Tributario, 6 años); su contacto y representante se reemplazaron',
  },
  notes: {
    what: 'Notas: nombre, correo y RUT reemplazados por el seudónimo',
    reason: 'Son apuntes internos del estudio, sin obligación de conservarlos',
  },
  notesToReview: {
    what: 'Notas que la búsqueda encontró pero que no la nombran de una forma que se reemplace sola',
    reason: 'Pueden nombrar a otra persona con las mismas palabras: revíselas y edítelas a mano si hablan de ella',
  },
  messageAuthors: {
    what: 'Mensajes: el autor figura con el seudónimo',
    reason: 'La persona ya no se identifica como autora',
  },
  systemLines: {
    what: 'Avisos de la aplicación en las conversaciones: nombre reemplazado por el seudónimo',
    reason: 'Son textos de la aplicación, no correspondencia',
  },
  messageTexts: {
    what: 'Texto de los mensajes que escribió o que la nombran',
    reason:
      'Es la correspondencia del estudio con la empresa cliente sobre el servicio contratado; se conserva para acreditar lo pedido y entregado',
  },
  emails: {
    what: 'Correos enviados: dirección, nombre y RUT enmascarados en el registro',
    reason: 'El registro de correos ya no la identifica',
  },
  emailRetries: {
    what: 'Reintentos pendientes de correos que la incluían',
    reason: 'No se le volverá a enviar nada',
  },
  activityNames: {
    what: 'Registro de actividad: nombre, correo y RUT reemplazados por el seudónimo',
    reason: 'Las entradas ya no la identifican',
  },
  activityKept: {
    what: 'Registro de actividad: qué se hizo, cuándo y desde qué dirección',
    reason:
      'Es el registro de seguridad de la aplicación (Ley 21.719 exige medidas de seguridad); la acción se conserva bajo el seudónimo',
  },
  documents: {
    what: 'Documentos que subió',
    reason: dataSubjectsMsg.taxRetention,
  },
  approvals: {
    what: 'Aprobaciones de documentos que respondió, con su certificado',
    reason:
      'Son la prueba de su aprobación o rechazo (firma electrónica simple: quién, cuándo, desde dónde y la huella del documento) y se conservan con su nombre',
  },
  downloads: {
    what: 'Registro de descargas de documentos: nombre reemplazado por el seudónimo',
    reason: 'El registro de descargas ya no la identifica',
  },
} as const;

function line(kind: { what: string; reason: string }, count: number): SuppressionLineRow {
  return { what: kind.what, count, reason: kind.reason };
}

export type DataSubjectsService = ReturnType<typeof createDataSubjectsService>;
