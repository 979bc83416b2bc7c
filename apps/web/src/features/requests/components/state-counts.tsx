import { requestsMsg } from '@app/shared/messages-requests';
import { REQUEST_STATES, type RequestState } from '@app/shared/schemas/requests';
import { Button, ColorSwatch, Group } from '@mantine/core';
import { REQUEST_STATE_COLORS } from './request-state-badge';

/**
 * How many requests are in each state (of the rows the other filters leave); pressing one shows
 * only that state, pressing it again shows every state. Each has its state's colour as a dot; the
 * pressed one is filled dark (white on the light state colours would read under 4.5:1).
 */
export function StateCounts({
  counts,
  state,
  onState,
}: {
  counts: Record<RequestState, number>;
  state: RequestState | null;
  onState: (state: RequestState | null) => void;
}) {
  return (
    <Group role="group" aria-label={requestsMsg.listStateCounts} gap="xs" mb="md" wrap="wrap">
      {REQUEST_STATES.map((each) => (
        <Button
          key={each}
          size="compact-md"
          color="dark"
          variant={state === each ? 'filled' : 'default'}
          aria-pressed={state === each}
          leftSection={
            <ColorSwatch
              color={`var(--mantine-color-${REQUEST_STATE_COLORS[each]}-6)`}
              size={10}
              withShadow={false}
              aria-hidden
            />
          }
          onClick={() => onState(state === each ? null : each)}
        >
          {requestsMsg.requestStateLabels[each]}: {counts[each]}
        </Button>
      ))}
    </Group>
  );
}
