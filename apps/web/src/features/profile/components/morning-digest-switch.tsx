import { profileMsg } from '@app/shared/messages-profile';
import { Loader, Switch } from '@mantine/core';
import { useState } from 'react';
import { useMorningDigest, useSetMorningDigest } from '../../../api/users/morning-digest';
import { LoadError } from '../../../components/load-error';
import { notifyOutcome } from '../../../lib/notify';

/** 'Resumen diario': the staff member's own opt-out of the 08:00 e-mail of due dates, saved as it is flipped. */
export function MorningDigestSwitch() {
  const digest = useMorningDigest();
  const save = useSetMorningDigest();
  // The switch moves as it is clicked (the mutation's own pending state arrives a render later),
  // and goes back to the saved value if the server refuses.
  const [flipped, setFlipped] = useState<boolean>();

  if (digest.isError) return <LoadError title={profileMsg.morningDigestLoadFailed} query={digest} />;
  if (!digest.data) return <Loader size="sm" aria-label="Cargando" />;
  return (
    <Switch
      label={profileMsg.morningDigestLabel}
      description={profileMsg.morningDigestDescription}
      checked={flipped ?? digest.data.morningDigest}
      disabled={flipped !== undefined}
      onChange={(event) => {
        const morningDigest = event.currentTarget.checked;
        setFlipped(morningDigest);
        save.mutate({ morningDigest }, { ...notifyOutcome, onSettled: () => setFlipped(undefined) });
      }}
    />
  );
}
