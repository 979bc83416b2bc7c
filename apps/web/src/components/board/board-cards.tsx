import { boardMsg } from '@app/shared/messages-board';
import { Button, Collapse, Group } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconLayoutCards } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../lib/session';

/**
 * A board's summary cards under their 'Mostrar / ocultar tarjetas' button. Each user's choice is
 * remembered per board in this browser (local storage, keyed by the user's id), so a reload, or
 * signing in again, shows the board as that user left it; another user keeps their own choice.
 */
export function BoardCards({
  board,
  id,
  children,
}: {
  /** Which board's choice this is ('monthly', 'tasks'). */
  board: string;
  /** The collapsible block's id, for the button's aria-controls. */
  id: string;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  const [opened, setOpened] = useLocalStorage<boolean>({
    key: `board-cards:${board}:${user.id}`,
    defaultValue: true,
    // Read before the first paint: hidden cards never flash open on a reload.
    getInitialValueInEffect: false,
  });
  return (
    <>
      <Group>
        <Button
          variant="light"
          leftSection={<IconLayoutCards size={16} />}
          onClick={() => setOpened((current) => !current)}
          aria-expanded={opened}
          aria-controls={id}
        >
          {boardMsg.toggleCards}
        </Button>
      </Group>
      <Collapse expanded={opened} id={id}>
        <section aria-label={boardMsg.summaryRegion}>{children}</section>
      </Collapse>
    </>
  );
}
