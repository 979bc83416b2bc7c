import type { NoteList, NoteOrder } from '@app/shared/schemas/notes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every notes query, whatever its order and filter. */
export const notesRootQueryKey = ['notes'] as const;

export interface NotesFilter {
  order: NoteOrder;
  /** The assignee's id; null lists every note the caller may see. */
  userId: number | null;
}

export const notesQueryKey = (filter: NotesFilter) => [...notesRootQueryKey, 'list', filter] as const;

export const getNotes = ({ order, userId }: NotesFilter) => api<NoteList>('/note', { params: { order, id: userId } });

export const notesQueryOptions = (filter: NotesFilter) =>
  queryOptions({ queryKey: notesQueryKey(filter), queryFn: () => getNotes(filter) });

/** The notes list; changing the order or the filter keeps the last list on screen until the new one comes. */
export const useNotes = (filter: NotesFilter) =>
  useQuery({ ...notesQueryOptions(filter), placeholderData: keepPreviousData });
