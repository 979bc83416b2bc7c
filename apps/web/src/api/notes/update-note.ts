import type { NoteResponse, NoteUpdate } from '@app/shared/schemas/notes';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { noteInvalidation } from './invalidation';

/** The fields to change; a done note only takes `{ done: false }`, a collaborator only sends `{ done }`. */
export const updateNote = ({ id, ...body }: NoteUpdate & { id: number }) =>
  api<NoteResponse>(`/note/${id}`, { method: 'PUT', body });

export const useUpdateNote = () => useInvalidatingMutation(updateNote, () => noteInvalidation.written());
