import type { NoteCreate, NoteResponse } from '@app/shared/schemas/notes';
import { api, submissionOf } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { noteInvalidation } from './invalidation';

export const createNote = submissionOf((body: NoteCreate, idempotencyKey: string) =>
  api<NoteResponse>('/note', { method: 'POST', body, idempotencyKey }),
);

export const useCreateNote = () => useInvalidatingMutation(createNote, () => noteInvalidation.written());
