import { requestsMsg } from '@app/shared/messages-requests';
import type { Period } from '@app/shared/period';
import type { FolderTile } from '@app/shared/schemas/documents';
import type { DocumentRequest, RequestItem } from '@app/shared/schemas/requests';
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useDeleteRequest } from '../../../../api/requests/delete-request';
import { useBusinessRequests } from '../../../../api/requests/get-business-requests';
import { useReviewItem } from '../../../../api/requests/review-item';
import { openDeleteConfirm } from '../../../../components/confirm-delete';
import { LoadError } from '../../../../components/load-error';
import { NewButton } from '../../../../components/new-button';
import { notifyOutcome } from '../../../../lib/notify';
import { AskAgainModal } from './ask-again-modal';
import { NewRequestModal } from './new-request-modal';
import { type ItemActions, RequestCard } from './request-card';

/**
 * 'Solicitudes' on a company's documents page, for the chosen period: each request with
 * its items to review, 'Nueva solicitud' and 'Eliminar solicitud'. Live through the staff layout's
 * 'requests changed' listener, which refreshes every request list.
 */
export function RequestsSection({
  businessId,
  period,
  folders,
}: {
  businessId: number;
  period: Period;
  folders: FolderTile[];
}) {
  const requests = useBusinessRequests(businessId, period);
  const review = useReviewItem();
  const remove = useDeleteRequest();
  const [creating, setCreating] = useState(false);
  const [askingAgain, setAskingAgain] = useState<RequestItem | null>(null);

  const actions: ItemActions = {
    onReceived: (item) => review.mutate({ id: item.id, status: 'received' }, notifyOutcome),
    onReopen: (item) => review.mutate({ id: item.id, status: 'pending' }, notifyOutcome),
    onAskAgain: setAskingAgain,
    busyItemId: review.isPending ? review.variables.id : null,
  };

  const confirmDelete = (request: DocumentRequest) =>
    openDeleteConfirm({
      title: requestsMsg.deleteRequest,
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {requestsMsg.deleteRequestConfirm(request.title)}
        </Text>
      ),
      onConfirm: () => remove.mutate(request.id, notifyOutcome),
    });

  return (
    <section aria-labelledby="solicitudes">
      <Group justify="space-between" align="center" mb="sm" gap="sm" wrap="wrap">
        <Title order={3} id="solicitudes" size="h4">
          {requestsMsg.requestsTitle}
        </Title>
        <NewButton size="xs" onClick={() => setCreating(true)}>
          {requestsMsg.newRequest}
        </NewButton>
      </Group>
      {requests.isPending ? (
        <Loader size="sm" role="status" aria-label="Cargando solicitudes" />
      ) : requests.isError ? (
        <LoadError title={requestsMsg.requestsLoadFailed} query={requests} />
      ) : requests.data.rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {requestsMsg.noRequests}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {requests.data.rows.map((request) => (
            <RequestCard key={request.id} request={request} actions={actions} onDelete={() => confirmDelete(request)} />
          ))}
        </Stack>
      )}
      <NewRequestModal
        businessId={businessId}
        period={period}
        folders={folders}
        opened={creating}
        onClose={() => setCreating(false)}
      />
      <AskAgainModal item={askingAgain} onClose={() => setAskingAgain(null)} />
    </section>
  );
}
