/**
 * At most `limit` uploads stream at once on this instance; the next `queue` wait their turn
 * (their bodies stay in the network buffers meanwhile, unread), and any beyond those are refused
 * so a burst cannot pile up without end.
 */
export function createUploadSlots(limit: number, queue: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    /** Resolves to the slot's release once it is free; null when too many already wait. */
    acquire(): Promise<(() => void) | null> {
      if (active < limit) {
        active += 1;
        return Promise.resolve(once(release));
      }
      if (waiting.length >= queue) return Promise.resolve(null);
      return new Promise((resolve) => waiting.push(() => resolve(once(release))));
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

export type UploadSlots = ReturnType<typeof createUploadSlots>;
