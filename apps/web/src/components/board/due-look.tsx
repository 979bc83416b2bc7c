import { IconAlarm, IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { cellBadgeClasses as classes } from './cell-badge';
import type { DueMark } from './due-marks';

/** How a mark looks on a cell's badge (both boards): its outline class and its icon after the badge. */
export function dueLook(mark: DueMark): { badgeClassName?: string; after?: ReactNode } {
  if (mark === 'overdue') {
    return {
      badgeClassName: classes.overdue,
      after: <IconAlarm size={14} className={classes.overdueIcon} aria-hidden data-mark="overdue" />,
    };
  }
  if (mark === 'soon') {
    return {
      badgeClassName: classes.dueSoon,
      after: <IconClock size={14} className={classes.dueSoonIcon} aria-hidden data-mark="soon" />,
    };
  }
  return {};
}
