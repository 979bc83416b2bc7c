import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { today } from './dates';

/** How often an open page looks whether the Santiago day has changed. */
export const DAY_CHECK_MS = 60_000;

/**
 * Calls `onChange` with the new Santiago day ('YYYY-MM-DD') when it changes while the page stays
 * open: checked every minute, and at once when the window gets focus or the tab becomes visible
 * again (a sleeping computer runs no timer). Returns what stops watching.
 */
export function watchSantiagoDay(onChange: (day: string) => void, start = today()): () => void {
  let day = start;
  const check = () => {
    const now = today();
    if (now === day) return;
    day = now;
    onChange(now);
  };
  const timer = setInterval(check, DAY_CHECK_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    clearInterval(timer);
    if (hasWindow) {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

/**
 * The Santiago day, kept current on a page left open past midnight: when it changes, the cached
 * answers are refetched, since the server judges overdue cells and answers its `today` in several
 * lists (a board open since yesterday would otherwise keep yesterday's marks).
 */
export function useSantiagoToday(): string {
  const queryClient = useQueryClient();
  const [day, setDay] = useState(today);
  useEffect(
    () =>
      watchSantiagoDay((next) => {
        setDay(next);
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );
  return day;
}

/**
 * The board's day: the server's (its clock decides), moved on to this browser's Santiago day once
 * that is later, so that a board open past midnight marks what fell due before its refetch answers.
 */
export const boardToday = (serverToday: string | undefined, santiagoToday: string) =>
  serverToday === undefined ? '' : serverToday < santiagoToday ? santiagoToday : serverToday;
