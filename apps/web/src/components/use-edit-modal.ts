import { useState } from 'react';

/**
 * The create/edit modal of a list: which record it edits (null: a new one) and whether it is open.
 * Closing keeps the record, so the modal does not change while it fades out.
 */
export function useEditModal<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (record: T | null) => {
    setEditing(record);
    setOpened(true);
  };
  return { editing, opened, open, close: () => setOpened(false) };
}
