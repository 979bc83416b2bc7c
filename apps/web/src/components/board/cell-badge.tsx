import clsx from 'clsx';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { readableTextColor } from '../../lib/contrast';
import classes from './cell-badge.module.css';

export { classes as cellBadgeClasses };

interface BadgeLookProps {
  /** The badge's text (a state's name, or the cell's value). */
  label: string;
  /** The state's colour (#RRGGBB); black or white text, whichever reads better on it. */
  color: string | undefined;
  /** Added to the badge (e.g. an overdue outline). */
  badgeClassName?: string;
  /** Shown after the badge (e.g. an overdue icon). */
  after?: ReactNode;
}

function Badge({ label, color, badgeClassName }: BadgeLookProps) {
  return (
    <span
      className={clsx(classes.badge, badgeClassName)}
      style={color ? { backgroundColor: color, color: readableTextColor(color) } : undefined}
    >
      {label}
    </span>
  );
}

export interface CellBadgeButtonProps extends BadgeLookProps, Omit<ComponentPropsWithoutRef<'button'>, 'color'> {
  saving: boolean;
  /** The text of the board's one tooltip on hover and focus (who changed it last, and when). */
  tooltip: string;
}

/**
 * A board cell's badge as a button opening its menu: plain elements styled by CSS, so that
 * scrolling through 2,000 companies mounts no Mantine component per cell. `data-tooltip` feeds the
 * board's one tooltip; while a change is saved it shows a spinner and says it is busy.
 */
export const CellBadgeButton = forwardRef<HTMLButtonElement, CellBadgeButtonProps>(function CellBadgeButton(
  { label, color, badgeClassName, after, saving, tooltip, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      className={classes.cellButton}
      aria-haspopup="menu"
      aria-busy={saving || undefined}
      aria-description={tooltip || undefined}
      data-tooltip={tooltip || undefined}
      data-saving={saving || undefined}
      {...props}
    >
      <Badge label={label} color={color} badgeClassName={badgeClassName} />
      {after}
      {saving && <span className={classes.spinner} aria-hidden />}
    </button>
  );
});

/**
 * The same badge for someone who may not change the cell: not a button, nothing to click.
 * `hiddenText` is read after the label by screen readers (the state, when the label is a value).
 */
export function CellBadge({
  label,
  color,
  badgeClassName,
  after,
  tooltip,
  hiddenText,
}: BadgeLookProps & { tooltip?: string; hiddenText?: string }) {
  return (
    <span className={classes.readOnly} data-tooltip={tooltip || undefined}>
      <Badge label={label} color={color} badgeClassName={badgeClassName} />
      {hiddenText && <span className={classes.visuallyHidden}>{hiddenText}</span>}
      {after}
    </span>
  );
}

/**
 * A cell's button is mounted again when its menu opens or closes (the menu is only mounted while
 * open): this gives it back the keyboard focus.
 */
export function useRefocusOnToggle(active: boolean): RefObject<HTMLButtonElement | null> {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current !== active && document.activeElement === document.body) buttonRef.current?.focus();
    wasActive.current = active;
  }, [active]);
  return buttonRef;
}
