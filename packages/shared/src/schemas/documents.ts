import { idParams } from '../fields.ts';
import { z } from '../zod-setup.ts';
import { PeriodParamsSchema } from './monthly-states.ts';

/** Earliest year of the client's month selector (staff boards go back to 2010). */
export const CLIENT_DOCUMENTS_MIN_YEAR = 2018;

/** /business/{businessId}/folder/year/{year}/month/{month} */
export const BusinessFolderPeriodParamsSchema = PeriodParamsSchema.extend(idParams('businessId').shape);
/** /business/{businessId}/folder/{folderId}/year/{year}/month/{month} (folderId: the service's folder template). */
export const BusinessFolderParamsSchema = BusinessFolderPeriodParamsSchema.extend(idParams('folderId').shape);
export const BusinessFolderIdParamSchema = idParams('businessFolderId');
export const FileIdParamSchema = idParams('id');

/**
 * A file of a company folder, with two signed links that expire, both issued to whoever listed it:
 * `url` is their own download from the app (logged with their name, 'Portal'); `shareUrl` is the
 * one to copy and send (logged 'Enlace' when staff copied it; a client's stays 'Portal').
 */
export const FileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  url: z.string(),
  shareUrl: z.string(),
  /** The type its content was recognised as: application/pdf, application/xml, image/jpeg, … */
  contentType: z.string(),
  /** Sent by a client from the portal. */
  fromClient: z.boolean(),
  /** Who sent it (a user id; null once that user is deleted): a client may take back only their own. */
  uploadedBy: z.number().int().nullable(),
  /** The request item it answers, if any. */
  requestItemId: z.number().int().nullable(),
  /**
   * Why it stays although its uploader's data was suppressed ('Conservado por obligación
   * tributaria…'); null for every other file.
   */
  retentionReason: z.string().nullable(),
});
export type StoredFile = z.infer<typeof FileSchema>;

/** A folder tile: the service's folder template (id), its company folder of the period, and its service. */
export const FolderTileSchema = z.object({
  id: z.number().int(),
  businessFolderId: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  /** 'El cliente puede subir': a client may upload into it. */
  clientCanUpload: z.boolean(),
  service: z.object({ id: z.number().int(), name: z.string() }),
});
export type FolderTile = z.infer<typeof FolderTileSchema>;

/**
 * GET …/folder/year/{year}/month/{month} (folder null: the company's top folders) and
 * GET …/folder/{folderId}/year/{year}/month/{month} (the folder, its subfolders and files).
 * Staff see every folder with isActive; a client only active ones.
 */
export const FolderViewSchema = z.object({
  business: z.object({ id: z.number().int(), name: z.string() }),
  year: z.number().int(),
  month: z.number().int(),
  folder: FolderTileSchema.extend({
    parentFolder: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }).nullable(),
  folders: z.array(FolderTileSchema),
  files: z.array(FileSchema),
});
export type FolderView = z.infer<typeof FolderViewSchema>;

/** POST /api/business-folder/{businessFolderId}/file answer. */
export const UploadResponseSchema = z.object({
  message: z.string(),
  count: z.number().int(),
  files: z.array(FileSchema),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/** GET /api/business-folder/file/{id}/downloads: who fetched a file, newest first. */
export const FileDownloadSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** 'Ana Pérez (Cliente)' for a signed-in user's link, or 'Enlace enviado por correo'. */
  by: z.string(),
  via: z.enum(['portal', 'link', 'email']),
});
export type FileDownload = z.infer<typeof FileDownloadSchema>;
export const FileDownloadListSchema = z.object({ rows: z.array(FileDownloadSchema) });

/** POST /api/business/{businessId}/folder/year/{year}/month/{month}/notify ('Avisar al cliente'). */
export const NotifyClientResponseSchema = z.object({
  message: z.string(),
  /** 'outbox': mail is not configured, the message was only kept in the server's outbox. */
  delivery: z.enum(['sent', 'outbox']),
  emails: z.array(z.string()),
  fileCount: z.number().int(),
});
