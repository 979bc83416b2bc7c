import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { noteInvalidation } from './invalidation';

export const deleteNote = (id: number) => api<MessageResponse>(`/note/${id}`, { method: 'DELETE' });

export const useDeleteNote = () => useInvalidatingMutation(deleteNote, () => noteInvalidation.deleted());
