import { notesMsg } from '@app/shared/messages-notes';
import { can } from '@app/shared/permissions';
import type { Note, NoteOrder } from '@app/shared/schemas/notes';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDeleteNote } from '../../../api/notes/delete-note';
import { useNotes } from '../../../api/notes/get-notes';
import { useUpdateNote } from '../../../api/notes/update-note';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { LoadError } from '../../../components/load-error';
import { NewButton } from '../../../components/new-button';
import { PageHeader } from '../../../components/page-header';
import { useEditModal } from '../../../components/use-edit-modal';
import { formatDate } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { useChoiceInFlight } from '../../../lib/use-choice-in-flight';
import { NoteCard } from '../components/note-card';
import { NoteFormModal } from '../components/note-form-modal';
import { noteTexts } from '../components/note-texts';
import { notesByDay } from '../components/notes-by-day';
import { NotesFilters } from '../components/notes-filters';

/**
 * Notas: owners write, assign, edit and delete every note; a collaborator sees
 * only the notes assigned to them and can only tick them done.
 */
export function NotesPage() {
  const user = useCurrentUser();
  const canManage = can(user, 'notes:manage');
  const [order, setOrder] = useState<NoteOrder>('DESC');
  const [assignee, setAssignee] = useState('');
  const notes = useNotes({ order, userId: canManage ? (assignee ? Number(assignee) : null) : user.id });
  const days = useMemo(() => notesByDay(notes.data ?? []), [notes.data]);
  const modal = useEditModal<Note>();
  const update = useUpdateNote();
  const deleteNote = useDeleteNote();

  const doneInFlight = useChoiceInFlight<number, boolean>();
  const toggleDone = (note: Note, done: boolean) => {
    doneInFlight.start(note.id, done);
    update.mutate(
      { id: note.id, done },
      {
        onError: (error) => notifyError(error, notesMsg.saveFailed),
        onSettled: doneInFlight.settle,
      },
    );
  };

  const confirmDelete = (note: Note) =>
    openDeleteConfirm({
      title: noteTexts.deleteTitle,
      children: <Text size="sm">{noteTexts.deleteQuestion}</Text>,
      onConfirm: () =>
        deleteNote.mutate(note.id, {
          onSuccess: () => notifySuccess(notesMsg.noteDeleted),
          onError: () => notifyError(notesMsg.noteDeleteFailed, notesMsg.errorTitle),
        }),
    });

  return (
    <>
      <PageHeader
        title={noteTexts.title}
        crumbs={[{ label: 'Inicio', to: '/' }, { label: noteTexts.title }]}
        actions={canManage && <NewButton onClick={() => modal.open(null)}>{noteTexts.add}</NewButton>}
      />
      <NotesFilters
        order={order}
        onOrderChange={setOrder}
        {...(canManage && { assignee, onAssigneeChange: setAssignee })}
      />
      {notes.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Cargando notas" />
        </Center>
      ) : notes.isError ? (
        <LoadError title={noteTexts.loadFailed} query={notes} />
      ) : days.length === 0 ? (
        <Text c="dimmed">{noteTexts.empty}</Text>
      ) : (
        <Stack gap="xl">
          {days.map(({ day, notes: dayNotes }) => (
            <section key={day} aria-label={formatDate(day)} data-testid="notes-day">
              <Title order={4} mb="sm">
                {formatDate(day)}
              </Title>
              <Stack gap="sm">
                {dayNotes.map((note) => (
                  <NoteCard
                    key={note.id}
                    note={note}
                    onToggleDone={(done) => toggleDone(note, done)}
                    pendingDone={doneInFlight.shownFor(note.id)}
                    {...(canManage && { onEdit: () => modal.open(note), onDelete: () => confirmDelete(note) })}
                  />
                ))}
              </Stack>
            </section>
          ))}
        </Stack>
      )}
      {canManage && <NoteFormModal note={modal.editing} opened={modal.opened} onClose={modal.close} />}
    </>
  );
}
