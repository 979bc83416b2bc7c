import type { Note } from '@app/shared/schemas/notes';
import { ActionIcon, Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconBell, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/dates';
import { noteTexts } from './note-texts';

/**
 * One note (spec 2 §4): its text, who it is for, its reminder and the done checkbox. A done note is
 * greyed, says 'Tarea Realizada' and has no pencil; `onEdit`/`onDelete` are given to owners only.
 */
export function NoteCard({
  note,
  onToggleDone,
  toggling,
  onEdit,
  onDelete,
}: {
  note: Note;
  onToggleDone: (done: boolean) => void;
  toggling: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const assignee = `${note.userId.name} ${note.userId.lastName}`.trim();
  // Names the note to screen readers on its checkbox and buttons.
  const label = note.description.slice(0, 60);
  return (
    <Card
      withBorder
      padding="md"
      data-testid="note-card"
      data-done={note.done || undefined}
      bg={note.done ? 'var(--mantine-color-default-hover)' : undefined}
      style={note.done ? { opacity: 0.6 } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          aria-label={`${noteTexts.done}: ${label}`}
          checked={note.done}
          disabled={toggling}
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
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {noteTexts.assignee}: {assignee}
            </Text>
            {note.reminder && (
              <Badge variant="light" leftSection={<IconBell size={12} aria-hidden />}>
                {noteTexts.reminder}: {formatDateTime(note.reminder)}
              </Badge>
            )}
            {note.done && (
              <Badge color="gray" variant="filled">
                {noteTexts.doneLabel}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
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
