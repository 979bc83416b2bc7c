import { calendarMsg } from '@app/shared/messages-calendar';
import type { CalendarEvent } from '@app/shared/schemas/calendar';
import esLocale from '@fullcalendar/core/locales/es';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { ActionIcon, Button, Group, LoadingOverlay, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ComponentProps, useEffect, useMemo, useRef, useState } from 'react';
import type { EventsRange } from '../../../api/calendar/get-calendar-events';
import classes from './events-calendar.module.css';

type CalendarOptions = ComponentProps<typeof FullCalendar>;
type DatesSet = NonNullable<CalendarOptions['datesSet']>;
type CalendarView = 'timeGridWeek' | 'timeGridDay';

/** The visible hours: 08:00 to 21:00 (480 to 1260 minutes). */
const SLOT_MIN_TIME = '08:00:00';
const SLOT_MAX_TIME = '21:00:00';
const HOUR_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/** One colour per calendar, dark enough for white text (WCAG AA). */
const EVENT_COLORS = ['blue-8', 'teal-9', 'grape-8', 'orange-9', 'red-8', 'indigo-8', 'cyan-9', 'pink-8'];
const colorOf = (calendarId: number) =>
  `var(--mantine-color-${EVENT_COLORS[Math.abs(calendarId) % EVENT_COLORS.length]})`;

interface Shown {
  title: string;
  todayShown: boolean;
}

/**
 * The events of the active calendars on FullCalendar's time grid: the week,
 * or the day on narrow screens, from 08:00 to 21:00, in Spanish. The toolbar is Mantine's (previous,
 * next, 'Hoy' and the range as a heading) and there is no view selector. Every change of the
 * visible range is reported, so that its events are fetched.
 */
export function EventsCalendar({
  events,
  view,
  loading,
  onRangeChange,
}: {
  events: CalendarEvent[];
  view: CalendarView;
  loading: boolean;
  onRangeChange: (range: EventsRange) => void;
}) {
  const calendarRef = useRef<FullCalendar>(null);
  const [shown, setShown] = useState<Shown>({ title: '', todayShown: true });
  const isDay = view === 'timeGridDay';

  const { ref: boxRef, width } = useElementSize();

  // The first view is set at mount; a resize across the breakpoint switches it.
  useEffect(() => {
    const calendar = calendarRef.current?.getApi();
    if (calendar && calendar.view.type !== view) calendar.changeView(view);
  }, [view]);

  // FullCalendar only measures itself on window resizes: the menu opening or closing, or the page's
  // columns rearranging while the view changes, would leave the day columns at their old widths.
  useEffect(() => {
    if (width === 0) return;
    const frame = requestAnimationFrame(() => calendarRef.current?.getApi().updateSize());
    return () => cancelAnimationFrame(frame);
  }, [width]);

  const fcEvents = useMemo(
    () =>
      events.map((event) => ({
        id: event.id,
        title: event.title,
        start: event.start,
        end: event.end,
        allDay: event.allDay,
        backgroundColor: colorOf(event.calendarId),
        textColor: 'white',
      })),
    [events],
  );

  const onDatesSet: DatesSet = ({ startStr, endStr, view: current }) => {
    const now = Date.now();
    setShown({
      title: current.title,
      todayShown: current.currentStart.getTime() <= now && now < current.currentEnd.getTime(),
    });
    onRangeChange({ timeMin: startStr, timeMax: endStr });
  };

  const api = () => calendarRef.current?.getApi();

  return (
    <section aria-label={calendarMsg.calendarRegion} className={classes.calendar}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm" mb="sm">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={isDay ? calendarMsg.previousDay : calendarMsg.previousWeek}
            onClick={() => api()?.prev()}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={isDay ? calendarMsg.nextDay : calendarMsg.nextWeek}
            onClick={() => api()?.next()}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          {/* Looks disabled while today is shown but keeps the focus of whoever just pressed it. */}
          <Button
            variant="default"
            data-disabled={shown.todayShown || undefined}
            aria-disabled={shown.todayShown}
            onClick={() => {
              if (!shown.todayShown) api()?.today();
            }}
          >
            {calendarMsg.today}
          </Button>
        </Group>
        <Title order={3} size="h4" className={classes.title} aria-live="polite">
          {shown.title}
        </Title>
      </Group>
      <div ref={boxRef} style={{ position: 'relative' }}>
        <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <VisuallyHidden role="status">{loading ? calendarMsg.loadingEvents : ''}</VisuallyHidden>
        <FullCalendar
          ref={calendarRef}
          plugins={[timeGridPlugin]}
          locale={esLocale}
          timeZone="local"
          initialView={view}
          headerToolbar={false}
          allDaySlot
          slotMinTime={SLOT_MIN_TIME}
          slotMaxTime={SLOT_MAX_TIME}
          slotDuration="01:00:00"
          slotLabelFormat={HOUR_FORMAT}
          eventTimeFormat={HOUR_FORMAT}
          height="auto"
          nowIndicator
          events={fcEvents}
          datesSet={onDatesSet}
        />
      </div>
    </section>
  );
}
