import { requestsMsg } from '@app/shared/messages-requests';
import { REQUEST_STATES, type RequestState } from '@app/shared/schemas/requests';
import { Button, ColorSwatch, Group, Skeleton } from '@mantine/core';
import { REQUEST_STATE_COLORS } from './request-badges';

/**
 * How many requests are in each state (of the rows the other filters leave); pressing one shows
 * only that state, pressing it again shows every state. Each has its state's colour as a dot; the
 * pressed one is filled dark (white on the light state colours would read under 4.5:1). Until the
 * month's requests arrive each count is a placeholder, never a 0 that is not yet true.
 */
export function StateCounts({
  counts,
  loading,
  state,
  onState,
}: {
  counts: Record<RequestState, number>;
  loading: boolean;
  state: RequestState | null;
  onState: (state: RequestState | null) => void;
}) {
  return (
    <Group role="group" aria-label={requestsMsg.listStateCounts} aria-busy={loading} gap="xs" mb="md" wrap="wrap">
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
          disabled={loading}
          aria-label={loading ? requestsMsg.stateCountLoading(requestsMsg.requestStateLabels[each]) : undefined}
          onClick={() => onState(state === each ? null : each)}
        >
          {requestsMsg.requestStateLabels[each]}:{' '}
          {loading ? (
            <Skeleton component="span" display="inline-block" height={12} width={16} ml={4} aria-hidden />
          ) : (
            counts[each]
          )}
        </Button>
      ))}
    </Group>
  );
}
