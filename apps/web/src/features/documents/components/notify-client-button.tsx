import { documentsMsg } from '@app/shared/messages-documents';
import type { Period } from '@app/shared/period';
import { splitContacts } from '@app/shared/schemas/businesses';
import { Button, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { businessQueryOptions } from '../../../api/businesses/get-business';
import { monthTitle } from '../../../components/period-picker';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNotifyClient } from '../api/notify-client';

/**
 * 'Avisar al cliente': after asking, e-mails the company's contacts a link to each file of the
 * period. The question lists the addresses, read from the company when the button is pressed.
 */
export function NotifyClientButton({ businessId, period }: { businessId: number; period: Period }) {
  const queryClient = useQueryClient();
  const notify = useNotifyClient();
  const [preparing, setPreparing] = useState(false);

  const send = () =>
    notify.mutate(
      { businessId, period },
      {
        onSuccess: (result) => notifySuccess(result.message),
        onError: (error) => notifyError(error, documentsMsg.notifyFailed),
      },
    );

  const ask = async () => {
    setPreparing(true);
    const recipients = await queryClient
      .fetchQuery(businessQueryOptions(businessId))
      .then((business) => splitContacts(business.contact))
      .catch(() => null);
    setPreparing(false);
    modals.openConfirmModal({
      title: documentsMsg.notifyConfirmTitle,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Se enviará un correo con los enlaces de descarga de los archivos de {monthTitle(period)}
            {recipients && recipients.length > 0 ? ' a:' : '.'}
          </Text>
          {recipients && recipients.length > 0 && (
            <List size="sm">
              {recipients.map((address) => (
                <List.Item key={address}>{address}</List.Item>
              ))}
            </List>
          )}
          {recipients && recipients.length === 0 && (
            <Text size="sm" c="red.9">
              {documentsMsg.noContacts}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: documentsMsg.notifyConfirm, cancel: 'Cancelar' },
      onConfirm: send,
    });
  };

  return (
    <Button
      variant="light"
      leftSection={<IconMailForward size={16} aria-hidden />}
      loading={preparing || notify.isPending}
      onClick={ask}
    >
      {documentsMsg.notifyButton}
    </Button>
  );
}
