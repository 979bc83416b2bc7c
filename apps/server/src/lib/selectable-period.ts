import { boardMsg } from '@app/shared/messages-board';
import { currentPeriod, type Period } from '@app/shared/period';
import { badRequest } from './app-error.ts';

/** Boards open no period after the current default one. */
export function assertSelectable(period: Period): void {
  const latest = currentPeriod();
  if (period.year * 12 + period.month > latest.year * 12 + latest.month) throw badRequest(boardMsg.periodInFuture);
}
