import { Badge, type BadgeProps } from '@mantine/core';
import classes from './percent-badge.module.css';

export type PercentColor = 'green' | 'yellow' | 'red';

/** A summary card's percent, tinted green, yellow or red (`data-color` says which). */
export function PercentBadge({ percent, color, ...props }: { percent: number; color: PercentColor } & BadgeProps) {
  return (
    <Badge variant="light" className={classes.percent} data-color={color} {...props}>
      {percent}%
    </Badge>
  );
}
