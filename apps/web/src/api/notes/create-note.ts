import type { NoteCreate, NoteResponse } from '@app/shared/schemas/notes';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { noteInvalidation } from './invalidation';

export const createNote = (body: NoteCreate) => api<NoteResponse>('/note', { method: 'POST', body });

export const useCreateNote = () => useInvalidatingMutation(createNote, () => noteInvalidation.written());
