import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './warning-alert.module.css';

/** A yellow notice whose title keeps WCAG AA contrast (the account to link again, Google not set up). */
export function WarningAlert({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Alert
      color="yellow"
      icon={icon ?? <IconAlertTriangle size={18} />}
      title={title}
      classNames={{ title: classes.title }}
    >
      {children}
    </Alert>
  );
}
