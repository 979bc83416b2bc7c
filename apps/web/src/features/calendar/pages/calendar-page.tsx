import { calendarMsg } from '@app/shared/messages-calendar';
import { can } from '@app/shared/permissions';
import { Alert, Button, Grid, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { type EventsRange, useCalendarEvents } from '../../../api/calendar/get-calendar-events';
import { useCalendarStatus } from '../../../api/calendar/get-calendar-status';
import { useStartGoogleLink } from '../../../api/calendar/get-google-auth-url';
import { useMyCalendars } from '../../../api/calendar/get-my-calendars';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { WarningAlert } from '../../../components/warning-alert';
import { ApiRequestError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { CalendarsCard } from '../components/calendars-card';
import { EventsCalendar } from '../components/events-calendar';
import { useGoogleLinkReturn } from '../hooks/use-google-link-return';

/** Under 700 px wide the day, else the week; the app's menu turns into a drawer at the same width. */
const NARROW_QUERY = '(max-width: 700px)';

const CRUMBS = [{ label: calendarMsg.home, to: '/' }, { label: calendarMsg.title }];

const statusOf = (error: Error | null) => (error instanceof ApiRequestError ? error.status : null);

/**
 * /calendario: the events of the firm's Google calendars for owners and for
 * collaborators with allowCalendarView; owners also choose the calendars and link the account.
 */
export function CalendarPage() {
  const user = useCurrentUser();
  const isOwner = can(user, 'calendar:manage');
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const [range, setRange] = useState<EventsRange | null>(null);

  // Events are asked for only once the server says Google is set up; without it the week stays empty.
  const status = useCalendarStatus();
  const configured = status.data?.configured === true;
  const linking = useGoogleLinkReturn(isOwner);
  const mine = useMyCalendars(isOwner && configured);
  const events = useCalendarEvents(configured ? range : null);
  const relink = useStartGoogleLink();

  const notConfigured = status.data?.configured === false || statusOf(events.error) === 503;
  const relinkNeeded = mine.data?.account?.relinkNeeded === true || events.data?.relinkNeeded === true;

  const calendar = (
    <EventsCalendar
      events={events.data?.events ?? []}
      view={narrow ? 'timeGridDay' : 'timeGridWeek'}
      loading={events.isFetching && (events.isPending || events.isPlaceholderData)}
      onRangeChange={setRange}
    />
  );

  return (
    <>
      <PageHeader title={calendarMsg.title} crumbs={CRUMBS} />
      <Stack gap="md">
        {notConfigured && (
          <WarningAlert icon={<IconInfoCircle size={18} />} title={calendarMsg.notConfiguredTitle}>
            <Text size="sm">{calendarMsg.notConfigured}</Text>
            {isOwner && (
              <Text size="sm" mt="xs">
                {calendarMsg.notConfiguredHint}
              </Text>
            )}
          </WarningAlert>
        )}
        {status.isError && <LoadError title={calendarMsg.eventsFailed} query={status} />}
        {linking && (
          <Alert color="blue" icon={<Loader size={16} />} role="status">
            {calendarMsg.linking}
          </Alert>
        )}
        {relinkNeeded && (
          <WarningAlert title={calendarMsg.relinkTitle}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{calendarMsg.relinkNeeded}</Text>
              {isOwner ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  loading={relink.isPending}
                  onClick={() => relink.mutate(undefined, { onError: (error) => notifyError(error) })}
                >
                  {calendarMsg.relinkAccount}
                </Button>
              ) : (
                <Text size="sm">{calendarMsg.relinkAskOwner}</Text>
              )}
            </Stack>
          </WarningAlert>
        )}
        {events.isError && !notConfigured && <LoadError title={calendarMsg.eventsFailed} query={events} />}
        {isOwner && !notConfigured ? (
          <Grid>
            {/* First in reading order (and on top on narrow screens); on wide screens a side card. */}
            <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 2 }}>
              <CalendarsCard mine={mine} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 2, md: 1 }}>
              {calendar}
            </Grid.Col>
          </Grid>
        ) : (
          calendar
        )}
      </Stack>
    </>
  );
}
