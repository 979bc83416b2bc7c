import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

type RowActionsProps = {
  /** Names the row to screen readers: 'Editar {label}', 'Eliminar {label}'. */
  label: string;
  /** Without it the row has no delete button. */
  onDelete?: () => void;
  /** Why this row cannot be deleted ('No puedes eliminar tu propio usuario'): the bin shows disabled with this tooltip. */
  deleteDisabledReason?: string;
} & ({ editTo: string; onEdit?: never } | { onEdit: () => void; editTo?: never });

/** A row's pencil (a link to its page, or a button that opens its form) and its red bin. */
export function RowActions({ label, editTo, onEdit, onDelete, deleteDisabledReason }: RowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {editTo !== undefined ? (
        <ActionIcon variant="subtle" component={Link} to={editTo} aria-label={`Editar ${label}`}>
          <IconPencil size={16} />
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" aria-label={`Editar ${label}`} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      )}
      {onDelete &&
        (deleteDisabledReason ? (
          // Shown on keyboard focus and touch too, not only under the mouse (Mantine's default).
          <Tooltip label={deleteDisabledReason} withArrow events={{ hover: true, focus: true, touch: true }}>
            {/* Looks disabled but keeps focus and hover, so the tooltip can say why (a disabled button gets neither). */}
            <ActionIcon
              variant="subtle"
              color="red"
              data-disabled
              aria-disabled
              aria-label={`Eliminar ${label}: ${deleteDisabledReason}`}
              onClick={(event) => event.preventDefault()}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <ActionIcon variant="subtle" color="red" aria-label={`Eliminar ${label}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        ))}
    </Group>
  );
}
