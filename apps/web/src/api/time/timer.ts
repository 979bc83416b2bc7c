import { TIMER_EVENT, type TimerChangeResponse, type TimerStart, type TimerState } from '@app/shared/schemas/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { timeQueryKey } from './time-query-key';

/** The signed-in user's running timer (or null): server state, so it survives a reload and shows in every browser. */
export const timerQueryKey = [...timeQueryKey, 'timer'] as const;

export const useTimer = (enabled = true) =>
  useQuery({ queryKey: timerQueryKey, queryFn: () => api<TimerState>('/time/timer'), enabled });

/** A start or a stop: the answer is the new timer; the week's grid and lists reload (a stop logs an entry). */
function useTimerChange<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api<TimerChangeResponse>(path, { method: 'POST', body }),
    onSuccess: async ({ timer }) => {
      queryClient.setQueryData<TimerState>(timerQueryKey, { timer });
      await queryClient.invalidateQueries({
        queryKey: timeQueryKey,
        predicate: (query) => query.queryKey[1] !== 'timer',
      });
    },
  });
}

export const useStartTimer = () => useTimerChange<TimerStart>('/time/timer/start');
export const useStopTimer = () => useTimerChange<Record<string, never>>('/time/timer/stop');

/**
 * Keeps the timer live: another browser of the same user starting or stopping it sends the new
 * timer to this one; after a reconnection the timer is read again (an event may have been missed).
 */
export function useLiveTimer() {
  const queryClient = useQueryClient();
  useSocketEvent<TimerState>(TIMER_EVENT, ({ timer }) => {
    queryClient.setQueryData<TimerState>(timerQueryKey, { timer });
    void queryClient.invalidateQueries({ queryKey: timeQueryKey, predicate: (query) => query.queryKey[1] !== 'timer' });
  });
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: timerQueryKey }));
}
