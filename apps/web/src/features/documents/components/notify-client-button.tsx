import { documentsMsg } from '@app/shared/messages-documents';
import { mailMsg } from '@app/shared/messages-mail';
import type { Period } from '@app/shared/period';
import { can } from '@app/shared/permissions';
import { splitContacts } from '@app/shared/schemas/businesses';
import { Button, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { businessQueryOptions } from '../../../api/businesses/get-business';
import { useNotifyClient } from '../../../api/documents/notify-client';
import { emailStatusQueryOptions } from '../../../api/email/get-email-status';
import { AppUrlWarning } from '../../../components/mail-status-alerts';
import { monthTitle } from '../../../components/period-picker';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';

/**
 * 'Avisar al cliente': after asking, e-mails the company's contacts a link to each file of the
 * period. The question lists the addresses, read from the company when the button is pressed, and
 * tells an owner when APP_URL is unset (the e-mailed links then name localhost). The toast says
 * when the message was only kept in the server's outbox (mail not configured).
 */
export function NotifyClientButton({ businessId, period }: { businessId: number; period: Period }) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const notify = useNotifyClient();
  const [preparing, setPreparing] = useState(false);

  const send = () =>
    notify.mutate(
      { businessId, period },
      {
        onSuccess: (result) =>
          result.delivery === 'outbox'
            ? notifyWarning(result.message, mailMsg.savedToOutboxTitle)
            : notifySuccess(result.message),
        onError: (error) => notifyError(error, documentsMsg.notifyFailed),
      },
    );

  const ask = async () => {
    setPreparing(true);
    const [recipients, status] = await Promise.all([
      queryClient
        .fetchQuery(businessQueryOptions(businessId))
        .then((business) => splitContacts(business.contact))
        .catch(() => null),
      can(user, 'email:manage') ? queryClient.fetchQuery(emailStatusQueryOptions()).catch(() => null) : null,
    ]);
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
          {status && <AppUrlWarning appUrlConfigured={status.appUrlConfigured} mt="xs" />}
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
