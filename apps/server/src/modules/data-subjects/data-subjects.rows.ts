import type { Role } from '@app/shared/roles';
import type { ActivityDetails } from '../../db/schema/activity.ts';

// The rows each module answers about a person: the fields this module reads of them.
export interface AccountRow {
  id: number;
  name: string;
  lastName: string;
  email: string;
  role: Role;
  businessId: number | null;
  createdAt: Date;
  suppressedAt: Date | null;
}
export interface CompanyRow {
  id: number;
  name: string;
  razonSocial: string;
  rut: string;
  legalRepresentative: string;
  contact: string;
}
export interface NoteRow {
  id: number;
  description: string;
  userId: number;
  reminder: Date | null;
  done: boolean;
  createdAt: Date;
}
export interface MessageRow {
  id: number;
  businessId: number;
  side: 'staff' | 'client' | 'system';
  authorId: number | null;
  authorName: string;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  attachments: string[];
}
export interface EmailRow {
  id: number;
  businessId: number | null;
  subject: string;
  emails: string;
  content: string;
  ok: boolean;
  sentBy: number | null;
  createdAt: Date;
}
export interface ActivityEntryRow {
  id: number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  ip: string | null;
  kind: string;
  action: string;
  recordId: string | null;
  recordLabel: string | null;
  businessId: number | null;
  businessName: string | null;
  details: ActivityDetails | null;
}
export interface UploadedFileRow {
  id: number;
  name: string;
  size: number;
  contentType: string;
  createdAt: Date;
  fromClient: boolean;
  retentionReason: string | null;
  businessId: number;
  serviceFolderId: number;
  year: number;
  month: number;
}
