import { requestsMsg } from '@app/shared/messages-requests';
import type { RequestState } from '@app/shared/schemas/requests';
import { Badge } from '@mantine/core';

/** Each state's colour: late in red, complete in green. */
export const REQUEST_STATE_COLORS: Record<RequestState, string> = {
  pendiente: 'gray',
  parcial: 'yellow',
  completa: 'green',
  atrasada: 'red',
};

/**
 * A request's state: 'Pendiente', 'Parcial' or 'Completa' as a coloured dot on white with dark text
 * (the light shades of yellow and green read under 4.5:1), 'Atrasada' filled in dark red, white text.
 */
export function RequestStateBadge({ state }: { state: RequestState }) {
  return state === 'atrasada' ? (
    <Badge color="red.9" variant="filled">
      {requestsMsg.requestStateLabels[state]}
    </Badge>
  ) : (
    <Badge color={REQUEST_STATE_COLORS[state]} variant="dot">
      {requestsMsg.requestStateLabels[state]}
    </Badge>
  );
}
