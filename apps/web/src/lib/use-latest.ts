import { useRef } from 'react';

/** Keeps the latest value for stable callbacks (a board's memoised rows depend on them). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
