import { requestsMsg } from '@app/shared/messages-requests';
import type { RequestItemLook, RequestState } from '@app/shared/schemas/requests';
import { Badge, VisuallyHidden } from '@mantine/core';

/** Each state's colour: late in red, complete in green. */
export const REQUEST_STATE_COLORS: Record<RequestState, string> = {
  pendiente: 'gray',
  parcial: 'yellow',
  completa: 'green',
  atrasada: 'red',
};

const LOOK_COLORS: Record<RequestItemLook, string> = {
  pendiente: 'gray',
  enviado: 'blue',
  recibido: 'green',
  rechazado: 'orange',
};

/**
 * A request's state in the /solicitudes table: 'Pendiente', 'Parcial' or 'Completa' as a coloured
 * dot on white with dark text (the light shades of yellow and green read under 4.5:1), 'Atrasada'
 * filled in dark red, white text.
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

/**
 * A request's state on its card: Pendiente, Parcial, Completa or Atrasada (a red dot); read out as
 * 'Estado: …'. Dot badges keep dark text on white: the light shades of green, orange and red read
 * under 4.5:1.
 */
export function RequestStateDot({ state }: { state: RequestState }) {
  return (
    <Badge variant="dot" color={REQUEST_STATE_COLORS[state]} style={{ flex: 'none' }}>
      <VisuallyHidden>Estado: </VisuallyHidden>
      {requestsMsg.requestStateLabels[state]}
    </Badge>
  );
}

/** What an item shows: Pendiente, Enviado (to review: filled, it stands out), Recibido or Pedido de nuevo. */
export function ItemLookBadge({ look }: { look: RequestItemLook }) {
  return (
    <Badge size="sm" variant={look === 'enviado' ? 'filled' : 'dot'} color={LOOK_COLORS[look]} style={{ flex: 'none' }}>
      {requestsMsg.itemLookLabels[look]}
    </Badge>
  );
}
