import type { Note } from '@app/shared/schemas/notes';
import { ActionIcon, Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconBell, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/dates';
import { noteTexts } from './note-texts';
import { reminderStatus } from './reminder';

/**
 * One note: its text, who it is for, its reminder and the done checkbox. A done note is
 * greyed, says 'Tarea Realizada' and has no pencil; `onEdit`/`onDelete` are given to owners only.
 */
export function NoteCard({
  note,
  onToggleDone,
  pendingDone,
  onEdit,
  onDelete,
}: {
  note: Note;
  onToggleDone: (done: boolean) => void;
  /** The done state being saved: shown at once, the checkbox waiting for the server. */
  pendingDone?: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const assignee = `${note.userId.name} ${note.userId.lastName}`.trim();
  // On the grey of a done note, 'dimmed' would fall below AA contrast.
  const secondary = note.done ? 'gray.7' : 'dimmed';
  // Names the note to screen readers on its checkbox and buttons.
  const label = note.description.slice(0, 60);
  const status = reminderStatus(note);
  return (
    <Card
      withBorder
      padding="md"
      data-testid="note-card"
      data-done={note.done || undefined}
      // Greyed by its background and text, not by opacity, so its texts keep their contrast (WCAG AA).
      bg={note.done ? 'var(--mantine-color-gray-1)' : undefined}
      c={note.done ? 'gray.7' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          aria-label={`${noteTexts.done}: ${label}`}
          checked={pendingDone ?? note.done}
          disabled={pendingDone !== undefined}
          onChange={(event) => onToggleDone(event.currentTarget.checked)}
          mt={2}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            td={note.done ? 'line-through' : undefined}
          >
            {note.description}
          </Text>
          <Group gap="md">
            <Text size="sm" c={secondary}>
              {noteTexts.assignee}: {assignee}
            </Text>
            {note.reminder && (
              <Group gap={4} wrap="nowrap">
                <IconBell size={14} aria-hidden />
                <Text size="sm">
                  {noteTexts.reminder}: {formatDateTime(note.reminder)}
                </Text>
              </Group>
            )}
            {status && (
              <Text
                size="sm"
                c={note.reminderDelivery === 'sent' ? secondary : undefined}
                data-testid="reminder-status"
              >
                {status}
              </Text>
            )}
            {note.done && (
              <Badge color="dark" variant="filled">
                {noteTexts.doneLabel}
              </Badge>
            )}
          </Group>
          <Text size="xs" c={secondary}>
            {formatDateTime(note.createdAt)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {onEdit && !note.done && (
            <ActionIcon variant="subtle" aria-label={`Editar nota: ${label}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
          )}
          {onDelete && (
            <ActionIcon variant="subtle" color="red" aria-label={`Eliminar nota: ${label}`} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Card>
  );
}
