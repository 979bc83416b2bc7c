import type { SubjectQuery, SubjectSearchResult } from '@app/shared/schemas/data-subjects';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * POST /api/data-subjects/search: a person's records, place by place. A POST, not a cached query:
 * the term stays out of the address, and each search is logged on the server.
 */
export const searchSubject = (body: SubjectQuery) =>
  api<SubjectSearchResult>('/data-subjects/search', { method: 'POST', body });

export const useSearchSubject = () => useMutation({ mutationFn: searchSubject });
