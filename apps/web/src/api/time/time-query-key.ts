/** Every query of time tracking starts with this key: a change of an entry reloads them all. */
export const timeQueryKey = ['time'] as const;
