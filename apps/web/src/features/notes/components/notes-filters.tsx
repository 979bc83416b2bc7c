import type { NoteOrder } from '@app/shared/schemas/notes';
import { Group, Select } from '@mantine/core';
import { noteTexts } from './note-texts';
import { useAssigneeOptions } from './use-assignee-options';

const ORDER_OPTIONS = [
  { value: 'DESC', label: noteTexts.orderDesc },
  { value: 'ASC', label: noteTexts.orderAsc },
];

/** 'Ordenar por' for everyone; the 'Encargado' filter only for owners, who see everyone's notes. */
export function NotesFilters({
  order,
  onOrderChange,
  assignee,
  onAssigneeChange,
}: {
  order: NoteOrder;
  onOrderChange: (order: NoteOrder) => void;
  /** Absent: the screen lists only the signed-in user's notes and has no assignee filter. */
  assignee?: string;
  onAssigneeChange?: (userId: string) => void;
}) {
  return (
    <Group mb="lg" align="flex-end">
      <Select
        label={noteTexts.orderBy}
        data={ORDER_OPTIONS}
        value={order}
        allowDeselect={false}
        onChange={(value) => value && onOrderChange(value as NoteOrder)}
        w={240}
      />
      {onAssigneeChange && <AssigneeFilter value={assignee ?? ''} onChange={onAssigneeChange} />}
    </Group>
  );
}

/** Its first option, 'Selecciona un Encargado.', lists every note. */
function AssigneeFilter({ value, onChange }: { value: string; onChange: (userId: string) => void }) {
  const { options } = useAssigneeOptions();
  return (
    <Select
      label={noteTexts.assignee}
      data={[{ value: '', label: noteTexts.noAssignee }, ...options]}
      value={value}
      allowDeselect={false}
      searchable
      onChange={(next) => onChange(next ?? '')}
      w={280}
    />
  );
}
