import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { msg } from '@app/shared/messages';
import { boardMsg } from '@app/shared/messages-board';
import { documentsMsg } from '@app/shared/messages-documents';
import type { Period } from '@app/shared/period';
import { can, isStaff } from '@app/shared/permissions';
import { ROLE_LABELS, type Role } from '@app/shared/roles';
import { splitContacts } from '@app/shared/schemas/businesses';
import type { FileDownload, FolderTile, FolderView, StoredFile } from '@app/shared/schemas/documents';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';
import { type ActivityEntryInput, recordActivities, recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { pickRange } from '../../lib/byte-ranges.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { DownloadLinks, LinkClaims } from '../../lib/download-links.ts';
import type { EventBus } from '../../lib/events.ts';
import { sanitizeFileName } from '../../lib/file-names.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import type { ByteRange } from '../../lib/file-storage/storage.ts';
import type { IncomingFile } from '../../lib/multipart-uploads.ts';
import { assertSelectable } from '../../lib/selectable-period.ts';
import type { SubjectPage } from '../../lib/subject-search.ts';
import { presentDownload, presentStoredFile } from './documents.presenter.ts';
import { type BusinessFileRow, documentsRepository } from './documents.repository.ts';
import { ACCEPTED_FILES, type AcceptedKind, type FileCheckProblem, fileCheckStream } from './file-check-stream.ts';

interface FolderTemplate {
  id: number;
  serviceId: number;
  parentFolderId: number | null;
  name: string;
  isActive: boolean;
  clientCanUpload: boolean;
}

interface Deps {
  events: EventBus;
  storage: FileStorage;
  links: DownloadLinks;
  /**
   * Base of e-mailed links (APP_URL; http://localhost:PORT when unset). Links shown in the app are
   * relative, so they work from whatever address the app was opened at; never the request's Host.
   */
  appUrl: string;
  linkDays: number;
  getBusiness(id: number): Promise<{ id: number; name: string; contact: string }>;
  /** Services that apply to the company that period, with their names. */
  listApplyingServices(businessId: number, period: Period): Promise<{ id: number; name: string }[]>;
  listFolderTemplates(serviceIds: number[]): Promise<FolderTemplate[]>;
  findUser(id: number): Promise<{ name: string; lastName: string; role: Role; businessId: number | null } | undefined>;
  sendEmail(
    actor: AuthUser,
    input: { businessId: number; emails: string[]; subject: string; content: string },
  ): Promise<'sent' | 'outbox' | 'failed'>;
  /**
   * Requests module: the request item a file answers, its row locked until the caller's
   * transaction ends (staff cannot mark it received while a file of it goes); undefined when the
   * item is gone.
   */
  lockAnsweredItem(tx: DbOrTx, itemId: number): Promise<AnsweredItem | undefined>;
  /** Requests module, after commit: a file answering the item went (staff hear it live). */
  answeredItemChanged(item: AnsweredItem): void;
  /**
   * Approvals module: refuses (409, in Spanish) to replace or delete a file the client approved, in
   * the caller's transaction with the file's row locked. No check when absent.
   */
  assertFileMayChange?(tx: DbOrTx, fileId: number): Promise<void>;
}

/** A request item as a file answering it sees it: received or not, and its request's company and period. */
export interface AnsweredItem {
  received: boolean;
  businessId: number;
  year: number;
  month: number;
}

/** Where `storeFiles` puts the files: the company folder of a period made from a folder template. */
export interface FilesTarget {
  businessId: number;
  period: Period;
  serviceFolderId: number;
  /** The request item the files answer, if any. */
  requestItemId: number | null;
}

/** How `storeFiles` writes: the upload's limit, who acts, and the caller's own step in the transaction. */
export interface StoreOptions {
  /** FILE_MAX_MB: the largest file an upload may carry. */
  maxMegabytes: number;
  /** Who acts, for the activity log. */
  by: ActivityActor;
  /**
   * Runs first in the transaction that writes the rows, once every byte is stored: the caller
   * locks and checks its own rows there, and a throw writes nothing and removes the bytes.
   */
  inTransaction?: (tx: DbOrTx) => Promise<void>;
  /** The refusal when a row's key fails at the write: its folder, or the record it answers, went meanwhile. */
  whenGone: () => Error;
}

/** A download's answer: the file's bytes (all, or `range` of them) streaming from storage, or a Range outside the file. */
export type Download =
  | { unsatisfiable: true; size: number }
  | { unsatisfiable?: undefined; name: string; contentType: string; size: number; range?: ByteRange; body: Readable };

/** Bytes of one file in storage, before its row is written. */
export interface StoredBytes {
  key: string;
  name: string;
  size: number;
  contentType: string;
}

/** Why an uploaded file is refused, in Spanish: one message for every kind not accepted. */
const uploadProblem = (maxMegabytes: number) => (kind: FileCheckProblem) =>
  kind === 'too-large'
    ? new AppError(413, documentsMsg.tooLarge(maxMegabytes))
    : new AppError(
        415,
        kind === 'invalid-xml'
          ? documentsMsg.invalidXml
          : kind === 'invalid-pdf'
            ? documentsMsg.invalidPdf
            : documentsMsg.notAccepted,
      );
const periodLabel = ({ year, month }: Period) => `${MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan']} ${year}`;

/**
 * Company documents: each company's folders per
 * period from its services' templates, uploads by staff and by clients (PDF, XML, JPEG,
 * PNG, XLSX, CSV; into a folder or against a request item), signed expiring download links, a log
 * of every download, and 'Avisar al cliente'.
 */
export function createDocumentsService(db: Db, deps: Deps) {
  /** A link shown in the app: relative to the address the browser opened (the web app copies it absolute). */
  const linkFor = (claims: LinkClaims) => `/api/download/${deps.links.create(claims)}`;
  /** A link that leaves in an e-mail: absolute, on APP_URL. */
  const emailedLinkFor = (claims: LinkClaims) => `${deps.appUrl}${linkFor(claims)}`;

  const presentFile = (actor: AuthUser, row: BusinessFileRow) => presentStoredFile(actor, row, linkFor);

  /**
   * Bytes stored for an upload whose rows never committed: removed now, and any that storage
   * refuses are queued like any other removal (finished after commit or at the next start).
   */
  async function removeUnlisted(keys: string[]) {
    const refused: string[] = [];
    for (const key of keys) {
      await deps.storage.remove(key).catch(() => refused.push(key));
    }
    if (refused.length === 0) return;
    await documentsRepository.queueRemovals(db, refused);
    deps.events.emit('files.removed', {});
  }

  function assertOwnCompany(actor: AuthUser, businessId: number) {
    if (!can(actor, 'documents:view', { businessId })) throw forbidden(msg.forbidden);
  }

  /** The period's templates of the company and their company folders (made on first sight). */
  async function folderTree(businessId: number, period: Period) {
    const services = await deps.listApplyingServices(businessId, period);
    const templates = await deps.listFolderTemplates(services.map((service) => service.id));
    const folderIds = await documentsRepository.ensureFolders(
      db,
      businessId,
      period,
      templates.map((template) => template.id),
    );
    const serviceOf = new Map(services.map((service) => [service.id, service]));
    const byId = new Map(templates.map((template) => [template.id, template]));
    /** Active when it and every folder above it are: a client never sees inside an inactive folder. */
    const activeChain = (template: FolderTemplate): boolean =>
      template.isActive &&
      (template.parentFolderId === null || activeChain(byId.get(template.parentFolderId) ?? template));
    const tile = (template: FolderTemplate): FolderTile => ({
      id: template.id,
      businessFolderId: folderIds.get(template.id) ?? 0,
      name: template.name,
      isActive: activeChain(template),
      clientCanUpload: template.clientCanUpload,
      service: serviceOf.get(template.serviceId) ?? { id: template.serviceId, name: '' },
    });
    return { templates, byId, tile };
  }

  /**
   * A client may upload into a folder of their own company that they see (as the folder view
   * decides: a service that applies that period, the folder and those above it active, a period
   * they may open) and whose template allows it ('El cliente puede subir').
   */
  async function assertClientMayUpload(
    actor: AuthUser,
    folder: { businessId: number; serviceFolderId: number; year: number; month: number },
  ) {
    assertOwnCompany(actor, folder.businessId);
    const period = { year: folder.year, month: folder.month };
    assertSelectable(period);
    const { byId, tile } = await folderTree(folder.businessId, period);
    const template = byId.get(folder.serviceFolderId);
    const seen = template ? tile(template) : undefined;
    if (!seen?.isActive) throw notFound(documentsMsg.folderNotFound);
    const record = { businessId: folder.businessId, clientCanUpload: seen.clientCanUpload, forItem: false };
    if (!can(actor, 'documents:upload', record)) throw forbidden(msg.forbidden);
  }

  const fileRow = (actor: AuthUser, businessFolderId: number, bytes: StoredBytes, requestItemId: number | null) => ({
    businessFolderId,
    name: bytes.name,
    storageKey: bytes.key,
    size: bytes.size,
    contentType: bytes.contentType,
    uploadedBy: actor.id,
    fromClient: !isStaff(actor.role),
    requestItemId,
  });

  /** The activity log's entry of a file: named by its file name, under its company. */
  const fileEntry = (
    action: 'uploaded' | 'deleted' | 'downloaded' | 'replaced',
    file: Pick<BusinessFileRow, 'id' | 'name'>,
    businessId: number,
  ): ActivityEntryInput => ({ kind: 'file', action, recordId: file.id, recordLabel: file.name, businessId });

  /**
   * Writes the files' rows into the company folder and one 'uploaded' entry per file in one
   * transaction, after the caller's own step in it (`inTransaction`). `whenGone` answers a row's
   * key that fails (the folder, or the record the files answer, went meanwhile).
   */
  function insertLogged(
    actor: AuthUser,
    folder: { id: number; businessId: number },
    stored: StoredBytes[],
    {
      by,
      inTransaction,
      whenGone,
      requestItemId,
    }: Omit<StoreOptions, 'maxMegabytes'> & { requestItemId: number | null },
  ): Promise<BusinessFileRow[]> {
    return db
      .transaction(async (tx) => {
        await inTransaction?.(tx);
        const rows = await documentsRepository.insertFiles(
          tx,
          stored.map((bytes) => fileRow(actor, folder.id, bytes, requestItemId)),
        );
        await recordActivities(
          tx,
          by,
          rows.map((row) => fileEntry('uploaded', row, folder.businessId)),
        );
        return rows;
      })
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw whenGone();
        throw error;
      });
  }

  /**
   * One file streamed to storage under a new key as it arrives, recognised by its content on the
   * way (PDF, XML, JPEG, PNG, XLSX or CSV of at most `maxMegabytes`; its name gets that kind's
   * extension). A refused file leaves nothing stored.
   */
  async function streamToStorage(
    file: IncomingFile,
    maxMegabytes: number,
  ): Promise<StoredBytes & { kind: AcceptedKind }> {
    const maxBytes = Math.round(maxMegabytes * 1024 * 1024);
    const problem = uploadProblem(maxMegabytes);
    const key = randomUUID();
    const checked = fileCheckStream(maxBytes, problem, file.fileName);
    // The check's failure stops the file's source too; the source's own failure reaches the check.
    checked.on('error', () => file.content.destroy());
    file.content.on('error', (error) => checked.destroy(error));
    file.content.pipe(checked);
    const size = await deps.storage.write(key, checked);
    const kind = checked.kind;
    if (!kind) {
      await removeUnlisted([key]);
      throw problem('not-accepted'); // never: the check ends only with a kind
    }
    const accepted = ACCEPTED_FILES[kind];
    return {
      key,
      size,
      kind,
      name: sanitizeFileName(file.fileName, accepted.extension),
      contentType: accepted.contentType,
    };
  }

  /**
   * Streams each file to storage as it arrives, recognised by its content on the way (PDF, XML,
   * JPEG, PNG, XLSX or CSV of at most `maxMegabytes`; its name gets that kind's extension), then
   * writes their rows with `insert`: either every file of the request is added or none is, and a
   * request that fails leaves no bytes stored.
   */
  async function streamThenInsert(
    actor: AuthUser,
    files: AsyncIterable<IncomingFile> | Iterable<IncomingFile>,
    maxMegabytes: number,
    insert: (stored: StoredBytes[]) => Promise<BusinessFileRow[]>,
  ): Promise<StoredFile[]> {
    const stored: StoredBytes[] = [];
    try {
      for await (const file of files) stored.push(await streamToStorage(file, maxMegabytes));
      if (stored.length === 0) throw badRequest(documentsMsg.noFiles, 'file');
      const rows = await insert(stored);
      return rows.map((row) => presentFile(actor, row));
    } catch (error) {
      await removeUnlisted(stored.map(({ key }) => key));
      throw error;
    }
  }

  return {
    async view(actor: AuthUser, businessId: number, period: Period, folderId?: number): Promise<FolderView> {
      assertOwnCompany(actor, businessId);
      assertSelectable(period);
      const business = await deps.getBusiness(businessId);
      const { templates, byId, tile } = await folderTree(businessId, period);
      // Staff see inactive folders too; a client only active ones.
      const visible = (tileOf: FolderTile) => isStaff(actor.role) || tileOf.isActive;
      const base = { business: { id: business.id, name: business.name }, ...period };
      if (folderId === undefined) {
        const folders = templates
          .filter((template) => template.parentFolderId === null)
          .map(tile)
          .filter(visible);
        return { ...base, folder: null, folders, files: [] };
      }
      const template = byId.get(folderId);
      const current = template ? tile(template) : undefined;
      if (!template || !current || !visible(current)) throw notFound(documentsMsg.folderNotFound);
      const parent = template.parentFolderId === null ? undefined : byId.get(template.parentFolderId);
      const files = await documentsRepository.listFiles(db, current.businessFolderId);
      return {
        ...base,
        folder: { ...current, parentFolder: parent ? { id: parent.id, name: parent.name } : null },
        folders: templates
          .filter((child) => child.parentFolderId === folderId)
          .map(tile)
          .filter(visible),
        files: files.map((row) => presentFile(actor, row)),
      };
    },

    /**
     * The files answering these request items (oldest first), presented like a folder's files with
     * links issued to the actor. The caller has checked that the actor may see the items.
     */
    async listItemFiles(actor: AuthUser, itemIds: number[]): Promise<Map<number, StoredFile[]>> {
      const byItem = new Map<number, StoredFile[]>();
      for (const row of await documentsRepository.listItemFiles(db, [...new Set(itemIds)])) {
        if (row.requestItemId === null) continue;
        const list = byItem.get(row.requestItemId) ?? [];
        list.push(presentFile(actor, row));
        byItem.set(row.requestItemId, list);
      }
      return byItem;
    },

    /**
     * Files into a company folder: staff into any; a client into their own company's, when the
     * folder is one they see (active, of a service that applies, a period they may open) and its
     * template allows client uploads. Either every file of the request is added or none is.
     */
    async upload(
      actor: AuthUser,
      businessFolderId: number,
      files: AsyncIterable<IncomingFile> | Iterable<IncomingFile>,
      { maxMegabytes }: { maxMegabytes: number },
      by: ActivityActor,
    ): Promise<StoredFile[]> {
      const folder = await documentsRepository.findFolder(db, businessFolderId);
      if (!folder) throw notFound(documentsMsg.folderNotFound);
      if (!isStaff(actor.role)) await assertClientMayUpload(actor, folder);
      return streamThenInsert(actor, files, maxMegabytes, (stored) =>
        insertLogged(actor, { id: businessFolderId, businessId: folder.businessId }, stored, {
          by,
          requestItemId: null,
          // The folder's key makes the rows fail if the folder went meanwhile (a company or service deleted).
          whenGone: () => notFound(documentsMsg.folderNotFound),
        }),
      );
    },

    /**
     * Files into the company folder of a period made from a folder template (made now if
     * missing), answering `requestItemId` when given: another module's upload (a request item's)
     * after its own checks. Each file streams to storage as it arrives, then the rows and their
     * activity entries are written in one transaction that first runs `inTransaction`; either
     * every file is added or none is, and a refused upload leaves no bytes stored.
     */
    async storeFiles(
      actor: AuthUser,
      target: FilesTarget,
      files: AsyncIterable<IncomingFile> | Iterable<IncomingFile>,
      { maxMegabytes, ...options }: StoreOptions,
    ): Promise<StoredFile[]> {
      const folderIds = await documentsRepository.ensureFolders(db, target.businessId, target.period, [
        target.serviceFolderId,
      ]);
      const businessFolderId = folderIds.get(target.serviceFolderId);
      if (businessFolderId === undefined) throw notFound(documentsMsg.folderNotFound);
      return streamThenInsert(actor, files, maxMegabytes, (stored) =>
        insertLogged(actor, { id: businessFolderId, businessId: target.businessId }, stored, {
          ...options,
          requestItemId: target.requestItemId,
        }),
      );
    },

    /**
     * One file another module keeps under its own row (a client's payment receipt): streamed to
     * storage and recognised by its content as any upload is, within the same limits, and refused
     * with `refusal` (its bytes removed) unless of one of `kinds`. The caller writes the key in its
     * row, and removes the bytes with `removeStoredBytes` when that write fails; the hourly sweep
     * keeps the keys the module names (`keysKeptElsewhere`).
     */
    async storeLooseFile(
      file: IncomingFile,
      { maxMegabytes, kinds, refusal }: { maxMegabytes: number; kinds: readonly AcceptedKind[]; refusal: () => Error },
    ): Promise<StoredBytes & { kind: AcceptedKind }> {
      const stored = await streamToStorage(file, maxMegabytes).catch((error: unknown) => {
        // Its own list of kinds, not every upload's.
        throw error instanceof AppError && error.message === documentsMsg.notAccepted ? refusal() : error;
      });
      if (!kinds.includes(stored.kind)) {
        await removeUnlisted([stored.key]);
        throw refusal();
      }
      return stored;
    },

    /**
     * Files of folder templates up to a period each (the cutoffs of their retention), of companies
     * other than these, oldest first, at most `limit` ('Protección de datos' → 'Calcular propuesta').
     */
    listFilesUpTo: (
      cutoffs: readonly { serviceFolderId: number; lastMonth: number }[],
      excludedBusinessIds: readonly number[],
      limit: number,
    ) => documentsRepository.listFilesUpTo(db, cutoffs, excludedBusinessIds, limit),

    /** Removes bytes no row names any more (a write that failed after they were stored). */
    removeStoredBytes: (keys: string[]) => removeUnlisted(keys),

    /**
     * Staff delete any file; a client only one they sent, of their own company, while the item it
     * answers is not received (policy 'file:delete'). The requests module hears when it answered one.
     */
    async deleteFile(actor: AuthUser, id: number, by: ActivityActor): Promise<void> {
      const answered = await db.transaction(async (tx) => {
        const found = await documentsRepository.findFile(tx, id, { lock: true });
        if (!found) throw notFound(documentsMsg.fileNotFound);
        const { file } = found;
        const item = file.requestItemId === null ? undefined : await deps.lockAnsweredItem(tx, file.requestItemId);
        const record = {
          businessId: found.businessId,
          uploadedBy: file.uploadedBy,
          fromClient: file.fromClient,
          received: item?.received === true,
        };
        if (!can(actor, 'file:delete', record)) throw forbidden(msg.forbidden);
        await deps.assertFileMayChange?.(tx, id);
        if (!(await documentsRepository.deleteFile(tx, id))) throw notFound(documentsMsg.fileNotFound);
        await recordActivity(tx, by, fileEntry('deleted', file, found.businessId));
        return item;
      });
      deps.events.emit('files.removed', {});
      if (answered) deps.answeredItemChanged(answered);
    },

    /**
     * 'Reemplazar' (staff): one new file in place of a file's bytes, recognised by its content as any
     * upload; the row keeps its id, folder and links, its old bytes are removed after commit. A file
     * the client approved is refused (`assertFileMayChange`: a new version is a new file, approved
     * anew). A refused replacement leaves nothing of the new file stored.
     */
    async replaceFile(
      actor: AuthUser,
      id: number,
      files: AsyncIterable<IncomingFile> | Iterable<IncomingFile>,
      { maxMegabytes }: { maxMegabytes: number },
      by: ActivityActor,
    ): Promise<StoredFile> {
      if (!(await documentsRepository.findFile(db, id))) throw notFound(documentsMsg.fileNotFound);
      const stored: StoredBytes[] = [];
      try {
        for await (const file of files) {
          if (stored.length > 0) {
            file.content.resume();
            throw badRequest(documentsMsg.replaceOneFile, 'file');
          }
          stored.push(await streamToStorage(file, maxMegabytes));
        }
        const bytes = stored[0];
        if (!bytes) throw badRequest(documentsMsg.noFiles, 'file');
        const row = await db.transaction(async (tx) => {
          const found = await documentsRepository.findFile(tx, id, { lock: true });
          if (!found) throw notFound(documentsMsg.fileNotFound);
          await deps.assertFileMayChange?.(tx, id);
          const replaced = await documentsRepository.replaceFile(tx, id, {
            name: bytes.name,
            storageKey: bytes.key,
            size: bytes.size,
            contentType: bytes.contentType,
            uploadedBy: actor.id,
          });
          if (!replaced) throw notFound(documentsMsg.fileNotFound);
          await documentsRepository.queueRemovals(tx, [found.file.storageKey]);
          await recordActivity(tx, by, {
            ...fileEntry('replaced', replaced, found.businessId),
            details: {
              before: { name: found.file.name, size: found.file.size },
              after: { name: replaced.name, size: replaced.size },
            },
          });
          return replaced;
        });
        deps.events.emit('files.removed', {});
        return presentFile(actor, row);
      } catch (error) {
        await removeUnlisted(stored.map(({ key }) => key));
        throw error;
      }
    },

    /** A company's file as the approvals module asks for it (its stored bytes' key); undefined when not the company's. */
    async fileOfBusiness(businessId: number, fileId: number) {
      const found = await documentsRepository.findFile(db, fileId);
      if (!found || found.businessId !== businessId) return undefined;
      const { file } = found;
      return {
        id: file.id,
        name: file.name,
        size: file.size,
        contentType: file.contentType,
        storageKey: file.storageKey,
      };
    },

    /** The stored bytes' key of a file, its row locked until the caller's transaction ends; undefined when gone. */
    async lockFileKey(tx: DbOrTx, fileId: number): Promise<string | undefined> {
      return (await documentsRepository.findFile(tx, fileId, { lock: true }))?.file.storageKey;
    },

    /** 'Buscar titular': a page of the files these users uploaded, with their company and folder's period. */
    filesUploadedBy: (userIds: number[], page: SubjectPage, tx: DbOrTx = db) =>
      documentsRepository.filesUploadedBy(tx, userIds, page),
    countUploadedBy: (userIds: number[], tx: DbOrTx = db) => documentsRepository.countUploadedBy(tx, userIds),
    /**
     * A suppression, in the caller's transaction: the files its account uploaded stay, with the
     * reason shown beside them, and the download log names the account by its pseudonym.
     */
    keepUploadedBy: (tx: DbOrTx, userIds: number[], reason: string) =>
      documentsRepository.keepUploadedBy(tx, userIds, reason),
    renameDownloads: (tx: DbOrTx, userIds: number[], name: string) =>
      documentsRepository.renameDownloads(tx, userIds, name),

    /** A company's files, newest first (at most `limit`), each with the month of its folder. */
    async listFilesOfBusiness(businessId: number, limit: number) {
      const rows = await documentsRepository.listFilesOfBusiness(db, businessId, limit);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        size: row.size,
        createdAt: row.createdAt.toISOString(),
        place: periodLabel({ year: row.year, month: row.month }),
      }));
    },

    /**
     * A signed link's file: checks the link, that its user may still have it, logs the download
     * (and an activity entry of the anonymous caller `by`: the link is the credential,
     * so neither its token nor its claims go into the entry). A refused link logs nothing. The
     * bytes stream from storage; `rangeHeader` (HTTP's Range) asks for a part of them, and a part
     * that does not start at the first byte continues a download already logged, so it is not
     * logged again.
     */
    async download(token: string, by: ActivityActor, rangeHeader?: string): Promise<Download> {
      const checked = deps.links.check(token);
      if (!checked.ok) {
        throw checked.reason === 'expired'
          ? new AppError(410, documentsMsg.linkExpired)
          : forbidden(documentsMsg.linkInvalid);
      }
      const { claims } = checked;
      const found = await documentsRepository.findFile(db, claims.fileId);
      if (!found) throw notFound(documentsMsg.fileNotFound);
      let issuedToName: string | null = null;
      if (claims.issuedTo) {
        // A link issued to a user dies with the user, or when a client no longer belongs to that company.
        const user = await deps.findUser(claims.issuedTo);
        const holder = user && { id: claims.issuedTo, role: user.role, businessId: user.businessId };
        if (!holder || !can(holder, 'documents:view', { businessId: found.businessId })) {
          throw forbidden(documentsMsg.linkInvalid);
        }
        issuedToName = `${`${user.name} ${user.lastName}`.trim()} (${ROLE_LABELS[user.role]})`;
      }
      const { size } = found.file;
      const range = pickRange(rangeHeader, size);
      if (range === 'unsatisfiable') return { unsatisfiable: true, size };
      const body = await deps.storage.open(found.file.storageKey, range);
      if (!body) throw notFound(documentsMsg.fileNotFound);
      if (!range || range.start === 0) {
        try {
          await documentsRepository.logDownload(db, {
            fileId: found.file.id,
            via: claims.via,
            issuedTo: claims.issuedTo ?? null,
            issuedToName,
          });
          await recordActivity(db, by, fileEntry('downloaded', found.file, found.businessId));
        } catch (error) {
          body.destroy();
          throw error;
        }
      }
      return { name: found.file.name, contentType: found.file.contentType, size, range, body };
    },

    async downloads(fileId: number): Promise<FileDownload[]> {
      if (!(await documentsRepository.findFile(db, fileId))) throw notFound(documentsMsg.fileNotFound);
      const rows = await documentsRepository.listDownloads(db, fileId);
      return rows.map(presentDownload);
    },

    /**
     * The files of a company's period that its client sees (in folders of the services that apply
     * that month, each folder and those above it active), by folder and then as they arrived: the
     * monthly report's documents. Reads only: no folder is made.
     */
    async periodFiles(businessId: number, period: Period) {
      const services = await deps.listApplyingServices(businessId, period);
      const [templates, files] = await Promise.all([
        deps.listFolderTemplates(services.map((service) => service.id)),
        documentsRepository.listFilesOfPeriod(db, businessId, period),
      ]);
      const byId = new Map(templates.map((template) => [template.id, template]));
      const active = (template: FolderTemplate | undefined): boolean =>
        template?.isActive === true && (template.parentFolderId === null || active(byId.get(template.parentFolderId)));
      return files
        .filter(({ serviceFolderId }) => active(byId.get(serviceFolderId)))
        .map(({ file, serviceFolderId }) => ({
          id: file.id,
          folder: byId.get(serviceFolderId)?.name ?? '',
          name: file.name,
          createdAt: file.createdAt,
          fromClient: file.fromClient,
        }));
    },

    /**
     * 'Avisar al cliente': e-mails the company's contacts a link to each file of the period; logged
     * like every e-mail. `delivery` 'outbox' when mail is not configured (nobody received it).
     */
    async notifyClient(actor: AuthUser, businessId: number, period: Period) {
      assertSelectable(period);
      const business = await deps.getBusiness(businessId);
      const emails = splitContacts(business.contact);
      if (emails.length === 0) throw badRequest(documentsMsg.noContacts);
      const files = await documentsRepository.listFilesOfPeriod(db, businessId, period);
      if (files.length === 0) throw badRequest(documentsMsg.noFilesToNotify);
      const label = periodLabel(period);
      const content = [
        documentsMsg.notifyIntro(label),
        '',
        ...files.map(({ file }) => `- ${file.name}: ${emailedLinkFor({ fileId: file.id, via: 'email' })}`),
        '',
        documentsMsg.notifyLinksExpire(deps.linkDays),
      ].join('\n');
      const delivery = await deps.sendEmail(actor, {
        businessId,
        emails,
        subject: documentsMsg.notifySubject(business.name, label),
        content,
      });
      if (delivery === 'failed') throw new AppError(502, boardMsg.emailFailed);
      return { emails, fileCount: files.length, delivery };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
