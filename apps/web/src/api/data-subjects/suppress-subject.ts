import type { SubjectQuery, SubjectSuppressed } from '@app/shared/schemas/data-subjects';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';

export const suppressSubject = (body: SubjectQuery) =>
  api<SubjectSuppressed>('/data-subjects/suppress', { method: 'POST', body });

/**
 * A suppression rewrites users, companies, notes, messages, the e-mail log, documents and the
 * activity log at once: every cached answer may name the person, so all of them are fetched again.
 */
export const useSuppressSubject = () => useInvalidatingMutation(suppressSubject, () => ({ invalidate: [[]] }));
