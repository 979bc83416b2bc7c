/**
 * A company's progress on the monthly board: the rounded average pctProgress of its
 * cells that have a state, 0 when none has. The server computes rows with it and the web app
 * recomputes a row with it while a change is being saved.
 */
export function averageProgress(percents: readonly number[]): number {
  if (percents.length === 0) return 0;
  return Math.round(percents.reduce((sum, value) => sum + value, 0) / percents.length);
}
