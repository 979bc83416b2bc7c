import { calendarMsg } from '@app/shared/messages-calendar';
import type { MyCalendars } from '@app/shared/schemas/calendar';
import { Button, Card, Checkbox, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useStartGoogleLink } from '../../../api/calendar/get-google-auth-url';
import { useUpdateCalendar } from '../../../api/calendar/update-calendar';
import { LoadError } from '../../../components/load-error';
import { notifyError, notifyOutcome } from '../../../lib/notify';
import { useChoiceInFlight } from '../../../lib/use-choice-in-flight';

/**
 * The owner's side card ('Calendarios'): the linked Google account, an active checkbox per
 * calendar (each change saves at once) and 'Vincular cuenta', which leaves for Google's consent page.
 */
export function CalendarsCard({
  mine,
}: {
  mine: { data: MyCalendars | undefined; isError: boolean; error: Error | null; refetch: () => unknown };
}) {
  const update = useUpdateCalendar();
  const activeInFlight = useChoiceInFlight<number, boolean>();
  const startLink = useStartGoogleLink();
  const account = mine.data?.account ?? null;
  const calendars = mine.data?.calendars ?? [];

  return (
    <Card withBorder component="section" aria-labelledby="calendars-card-title" padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4" id="calendars-card-title">
          {calendarMsg.calendarsCard}
        </Title>
        {mine.isError ? (
          <LoadError title={calendarMsg.calendarsFailed} query={mine} />
        ) : !mine.data ? (
          <Loader size="sm" role="status" aria-label="Cargando" />
        ) : (
          <>
            {account ? (
              <Text size="sm">
                {calendarMsg.linkedAs}{' '}
                <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {account.email}
                </Text>
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {calendarMsg.notLinked}
              </Text>
            )}
            {account && calendars.length === 0 && (
              <Text size="sm" c="dimmed">
                {calendarMsg.noCalendars}
              </Text>
            )}
            {calendars.length > 0 && (
              <Stack gap="xs" role="group" aria-labelledby="calendars-card-title">
                {calendars.map((calendar) => (
                  <Checkbox
                    key={calendar.id}
                    label={calendar.name}
                    checked={activeInFlight.shownFor(calendar.id) ?? calendar.isActive}
                    onChange={(event) => {
                      const isActive = event.currentTarget.checked;
                      activeInFlight.start(calendar.id, isActive);
                      update.mutate(
                        { id: calendar.id, isActive },
                        { ...notifyOutcome, onSettled: activeInFlight.settle },
                      );
                    }}
                  />
                ))}
              </Stack>
            )}
          </>
        )}
        <Button
          leftSection={<IconBrandGoogle size={16} />}
          variant="light"
          loading={startLink.isPending}
          onClick={() => startLink.mutate(undefined, { onError: (error) => notifyError(error) })}
        >
          {calendarMsg.linkAccount}
        </Button>
      </Stack>
    </Card>
  );
}
