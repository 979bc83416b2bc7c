import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { msg } from '@app/shared/messages';
import { boardMsg } from '@app/shared/messages-board';
import { documentsMsg } from '@app/shared/messages-documents';
import type { Period } from '@app/shared/period';
import { can } from '@app/shared/permissions';
import { ROLE_LABELS, type Role } from '@app/shared/roles';
import { splitContacts } from '@app/shared/schemas/businesses';
import type { FileDownload, FolderTile, FolderView, StoredFile } from '@app/shared/schemas/documents';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { DownloadLinks, LinkClaims } from '../../lib/download-links.ts';
import type { EventBus } from '../../lib/events.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import { sanitizeFileName } from '../../lib/pdf-upload.ts';
import { assertSelectable } from '../../lib/selectable-period.ts';
import { presentDownload, presentStoredFile } from './documents.presenter.ts';
import { type BusinessFileRow, documentsRepository } from './documents.repository.ts';
import { pdfCheckStream } from './pdf-stream.ts';

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
  /** Services that apply to the company that period (DESIGN.md §4), with their names. */
  listApplyingServices(businessId: number, period: Period): Promise<{ id: number; name: string }[]>;
  listFolderTemplates(serviceIds: number[]): Promise<FolderTemplate[]>;
  findUser(id: number): Promise<{ name: string; lastName: string; role: Role; businessId: number | null } | undefined>;
  sendEmail(
    actor: AuthUser,
    input: { businessId: number; emails: string[]; subject: string; content: string },
  ): Promise<'sent' | 'outbox' | 'failed'>;
}

/** One file of an upload as it arrives: its name and its bytes, read once. */
export interface IncomingFile {
  fileName: string;
  content: Readable;
}

const isClient = (actor: AuthUser) => actor.role === 'client';
const periodLabel = ({ year, month }: Period) => `${MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan']} ${year}`;

/**
 * Company documents (spec 1 §2.6; spec 2 "Documentos"; DESIGN.md §4): each company's folders per
 * period from its services' templates, PDF uploads, signed expiring download links, a log of every
 * download, and 'Avisar al cliente'.
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

  return {
    async view(actor: AuthUser, businessId: number, period: Period, folderId?: number): Promise<FolderView> {
      assertOwnCompany(actor, businessId);
      assertSelectable(period);
      const business = await deps.getBusiness(businessId);
      const { templates, byId, tile } = await folderTree(businessId, period);
      const visible = (tileOf: FolderTile) => !isClient(actor) || tileOf.isActive;
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
     * Streams each file to storage as it arrives (checked as a PDF of at most `maxMegabytes` on
     * the way), then writes their rows in one statement: either every file of the request is
     * added or none is, and a request that fails leaves no bytes stored.
     */
    async upload(
      actor: AuthUser,
      businessFolderId: number,
      files: AsyncIterable<IncomingFile> | Iterable<IncomingFile>,
      { maxMegabytes }: { maxMegabytes: number },
    ): Promise<StoredFile[]> {
      if (!(await documentsRepository.findFolder(db, businessFolderId))) throw notFound(documentsMsg.folderNotFound);
      const maxBytes = Math.round(maxMegabytes * 1024 * 1024);
      const stored: { key: string; fileName: string; size: number }[] = [];
      try {
        for await (const file of files) {
          const key = randomUUID();
          const checked = pdfCheckStream(maxBytes, (kind) =>
            kind === 'too-large'
              ? new AppError(413, documentsMsg.tooLarge(maxMegabytes))
              : new AppError(415, documentsMsg.notPdf),
          );
          // The check's failure stops the file's source too; the source's own failure reaches the check.
          checked.on('error', () => file.content.destroy());
          file.content.on('error', (error) => checked.destroy(error));
          file.content.pipe(checked);
          const size = await deps.storage.write(key, checked);
          stored.push({ key, fileName: file.fileName, size });
        }
        if (stored.length === 0) throw badRequest(documentsMsg.noFiles, 'file');
        // The folder's key makes the rows fail if the folder went meanwhile (a company or service deleted).
        const rows = await documentsRepository
          .insertFiles(
            db,
            stored.map(({ key, fileName, size }) => ({
              businessFolderId,
              name: sanitizeFileName(fileName),
              storageKey: key,
              size,
              uploadedBy: actor.id,
            })),
          )
          .catch((error: unknown) => {
            if (isForeignKeyViolation(error)) throw notFound(documentsMsg.folderNotFound);
            throw error;
          });
        return rows.map((row) => presentFile(actor, row));
      } catch (error) {
        await removeUnlisted(stored.map(({ key }) => key));
        throw error;
      }
    },

    async deleteFile(id: number): Promise<void> {
      if (!(await documentsRepository.deleteFile(db, id))) throw notFound(documentsMsg.fileNotFound);
      deps.events.emit('files.removed', {});
    },

    /** A signed link's file: checks the link, that its user may still have it, logs the download. */
    async download(token: string): Promise<{ name: string; bytes: Buffer }> {
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
      const bytes = await deps.storage.get(found.file.storageKey);
      if (!bytes) throw notFound(documentsMsg.fileNotFound);
      await documentsRepository.logDownload(db, {
        fileId: found.file.id,
        via: claims.via,
        issuedTo: claims.issuedTo ?? null,
        issuedToName,
      });
      return { name: found.file.name, bytes };
    },

    async downloads(fileId: number): Promise<FileDownload[]> {
      if (!(await documentsRepository.findFile(db, fileId))) throw notFound(documentsMsg.fileNotFound);
      const rows = await documentsRepository.listDownloads(db, fileId);
      return rows.map(presentDownload);
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
