import { requestsMsg } from '@app/shared/messages-requests';
import type { RequestItemLook, RequestState } from '@app/shared/schemas/requests';
import { Badge, VisuallyHidden } from '@mantine/core';

const STATE_COLORS: Record<RequestState, string> = {
  pendiente: 'gray',
  parcial: 'yellow.9',
  completa: 'green.9',
  atrasada: 'red.9',
};

const LOOK_COLORS: Record<RequestItemLook, string> = {
  pendiente: 'gray',
  enviado: 'blue',
  recibido: 'green.9',
  rechazado: 'orange.9',
};

/** A request's state: Pendiente, Parcial, Completa or Atrasada (red); read out as 'Estado: …'. */
export function RequestStateBadge({ state }: { state: RequestState }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]} style={{ flex: 'none' }}>
      <VisuallyHidden>Estado: </VisuallyHidden>
      {requestsMsg.requestStateLabels[state]}
    </Badge>
  );
}

/** What an item shows: Pendiente, Enviado (to review), Recibido or Pedido de nuevo. */
export function ItemLookBadge({ look }: { look: RequestItemLook }) {
  return (
    <Badge
      size="sm"
      variant={look === 'enviado' ? 'filled' : 'light'}
      color={LOOK_COLORS[look]}
      style={{ flex: 'none' }}
    >
      {requestsMsg.itemLookLabels[look]}
    </Badge>
  );
}
