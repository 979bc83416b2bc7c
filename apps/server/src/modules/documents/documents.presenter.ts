import { isStaff } from '@app/shared/permissions';
import type { FileDownload, StoredFile } from '@app/shared/schemas/documents';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { LinkClaims } from '../../lib/download-links.ts';
import type { BusinessFileRow } from './documents.repository.ts';
import type { fileDownloads } from './documents.tables.ts';

type FileDownloadRow = typeof fileDownloads.$inferSelect;

/** A listed or uploaded file; its links are issued to whoever lists them, so the download log says who. */
export function presentStoredFile(
  actor: AuthUser,
  row: BusinessFileRow,
  linkFor: (claims: LinkClaims) => string,
): StoredFile {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    // Their own download from the app: logged with their name, never as a copied link.
    url: linkFor({ fileId: row.id, via: 'portal', issuedTo: actor.id }),
    // The link staff copy to send on: whoever opens it, the log says 'Enlace' (issued to them).
    // A client's copy is their own portal download.
    shareUrl: linkFor({ fileId: row.id, via: isStaff(actor.role) ? 'link' : 'portal', issuedTo: actor.id }),
    contentType: row.contentType,
    fromClient: row.fromClient,
    uploadedBy: row.uploadedBy,
    requestItemId: row.requestItemId,
    retentionReason: row.retentionReason,
  };
}

/** One line of a file's download log. */
export const presentDownload = (row: FileDownloadRow): FileDownload => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  via: row.via,
  by: row.issuedToName ?? 'Enlace enviado por correo',
});
