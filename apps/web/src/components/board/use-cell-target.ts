import { useDisclosure } from '@mantine/hooks';
import { useCallback, useState } from 'react';

/** What a modal about one cell takes (see useCellTarget's `modal`). */
export interface CellModalProps<Target> {
  opened: boolean;
  target: Target | null;
  onClose: () => void;
}

/**
 * A modal about one cell (its value, its history): what it is about, and whether it shows. The
 * target stays set while the modal closes, so its text does not vanish during the transition.
 */
export function useCellTarget<Target>() {
  const [target, setTarget] = useState<Target | null>(null);
  const [opened, { open, close }] = useDisclosure(false);
  const show = useCallback(
    (next: Target) => {
      setTarget(next);
      open();
    },
    [open],
  );
  /** What its modal takes: whether it shows, what about, and how it closes. */
  const modal: CellModalProps<Target> = { opened, target, onClose: close };
  return { target, show, close, modal };
}
