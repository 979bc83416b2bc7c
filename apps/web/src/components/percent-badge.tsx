import { Badge, type BadgeProps } from '@mantine/core';
import classes from './percent-badge.module.css';

export type PercentColor = 'green' | 'yellow' | 'red' | 'gray';

/** The badge of a card with no company to count: a dash, not a percent. */
export const NO_PERCENT = '—';

/**
 * A summary card's percent, tinted green, yellow or red (`data-color` says which); grey with a dash
 * when there is nothing to count (null).
 */
export function PercentBadge({
  percent,
  color,
  ...props
}: { percent: number | null; color: PercentColor } & BadgeProps) {
  return (
    <Badge variant="light" className={classes.percent} data-color={color} {...props}>
      {percent === null ? NO_PERCENT : `${percent}%`}
    </Badge>
  );
}
