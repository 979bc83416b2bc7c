import { timeMsg } from '@app/shared/messages-time';
import { Loader, Switch } from '@mantine/core';
import { useSetTimeSettings, useTimeSettings } from '../../../api/time/entries';
import { LoadError } from '../../../components/load-error';
import { notifyOutcome } from '../../../lib/notify';
import { useChoiceInFlight } from '../../../lib/use-choice-in-flight';

/** 'Avisarme si ayer no registré tiempo': the staff member's own reminder in the morning digest, off by default. */
export function TimeReminderSwitch() {
  const settings = useTimeSettings();
  const save = useSetTimeSettings();
  const inFlight = useChoiceInFlight<'remind', boolean>();
  const flipped = inFlight.shownFor('remind');

  if (settings.isError) return <LoadError title={timeMsg.remindLoadFailed} query={settings} />;
  if (!settings.data) return <Loader size="sm" role="status" aria-label="Cargando" />;
  return (
    <Switch
      label={timeMsg.remindLabel}
      description={timeMsg.remindDescription}
      checked={flipped ?? settings.data.remind}
      disabled={flipped !== undefined}
      onChange={(event) => {
        const remind = event.currentTarget.checked;
        inFlight.start('remind', remind);
        save.mutate({ remind }, { ...notifyOutcome, onSettled: inFlight.settle });
      }}
    />
  );
}
