import { Button, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useCalendarFeed, useNewCalendarFeed, useRevokeCalendarFeed } from '../../../api/tax-calendar/tax-calendar';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * 'Calendario en tu aplicación': the user's .ics address of the due dates of their companies, to
 * subscribe from Google Calendar, Outlook or the phone; a new one ends the previous one.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const renew = useNewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  if (!feed.data) return <Loader size="sm" role="status" aria-label="Cargando" />;
  const address = feed.data.path ? `${window.location.origin}${feed.data.path}` : null;
  const onDone = {
    onSuccess: (result: { message: string }) => notifySuccess(result.message),
    onError: (error: unknown) => notifyError(error),
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        Suscríbete a esta dirección desde tu calendario para ver los vencimientos de tus empresas, desde tres meses
        atrás hasta tres meses adelante. Quien tenga la dirección ve esos vencimientos: no la compartas.
      </Text>
      {address ? (
        <>
          <TextInput
            label="Dirección del calendario"
            readOnly
            value={address}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group gap="xs">
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copiada' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" loading={renew.isPending} onClick={() => renew.mutate(undefined, onDone)}>
              Generar nueva
            </Button>
            <Button
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(undefined, onDone)}
            >
              Revocar
            </Button>
          </Group>
        </>
      ) : (
        <Button w="fit-content" loading={renew.isPending} onClick={() => renew.mutate(undefined, onDone)}>
          Generar dirección
        </Button>
      )}
    </Stack>
  );
}
