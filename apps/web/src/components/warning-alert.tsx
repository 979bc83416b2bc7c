import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import classes from './warning-alert.module.css';

/**
 * A yellow notice whose title keeps WCAG AA contrast (Mantine's yellow title on light yellow reads
 * below it): Google not set up, an account to link again, mail kept in the outbox, APP_URL unset.
 */
export function WarningAlert({ icon, ...props }: AlertProps) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={icon ?? <IconAlertTriangle size={18} aria-hidden />}
      classNames={{ title: classes.title }}
      {...props}
    />
  );
}
