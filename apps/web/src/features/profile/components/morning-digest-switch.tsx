import { profileMsg } from '@app/shared/messages-profile';
import { Loader, Switch } from '@mantine/core';
import { useMorningDigest, useSetMorningDigest } from '../../../api/users/morning-digest';
import { LoadError } from '../../../components/load-error';
import { notifyOutcome } from '../../../lib/notify';
import { useChoiceInFlight } from '../../../lib/use-choice-in-flight';

/** 'Resumen diario': the staff member's own opt-out of the 08:00 e-mail of due dates, saved as it is flipped. */
export function MorningDigestSwitch() {
  const digest = useMorningDigest();
  const save = useSetMorningDigest();
  const inFlight = useChoiceInFlight<'digest', boolean>();
  const flipped = inFlight.shownFor('digest');

  if (digest.isError) return <LoadError title={profileMsg.morningDigestLoadFailed} query={digest} />;
  if (!digest.data) return <Loader size="sm" role="status" aria-label="Cargando" />;
  return (
    <Switch
      label={profileMsg.morningDigestLabel}
      description={profileMsg.morningDigestDescription}
      checked={flipped ?? digest.data.morningDigest}
      disabled={flipped !== undefined}
      onChange={(event) => {
        const morningDigest = event.currentTarget.checked;
        inFlight.start('digest', morningDigest);
        save.mutate({ morningDigest }, { ...notifyOutcome, onSettled: inFlight.settle });
      }}
    />
  );
}
