import { requestsMsg } from '@app/shared/messages-requests';
import type { RequestState } from '@app/shared/schemas/requests';
import { Badge } from '@mantine/core';

/** Each state's colour: late in red, complete in green (issue 22). */
export const REQUEST_STATE_COLORS: Record<RequestState, string> = {
  pendiente: 'gray',
  parcial: 'yellow',
  completa: 'green',
  atrasada: 'red',
};

/** A request's state: 'Pendiente', 'Parcial', 'Completa' or 'Atrasada'. */
export function RequestStateBadge({ state }: { state: RequestState }) {
  return (
    <Badge color={REQUEST_STATE_COLORS[state]} variant={state === 'atrasada' ? 'filled' : 'light'}>
      {requestsMsg.requestStateLabels[state]}
    </Badge>
  );
}
