import { useCallback, useState } from 'react';

/**
 * The value a checkbox or switch was just set to while its change is saved, by the thing it
 * belongs to: set as it is clicked, so the control moves at once (a mutation's own pending state
 * arrives a render later, and a controlled control snaps back meanwhile), cleared when the save
 * settles, so it shows what was read back, or the old value if the server refused.
 */
export function useChoiceInFlight<Key, Value>() {
  const [inFlight, setInFlight] = useState<{ key: Key; value: Value }>();
  const shownFor = useCallback(
    (key: Key): Value | undefined => (inFlight && inFlight.key === key ? inFlight.value : undefined),
    [inFlight],
  );
  const start = useCallback((key: Key, value: Value) => setInFlight({ key, value }), []);
  const settle = useCallback(() => setInFlight(undefined), []);
  return { shownFor, start, settle };
}
