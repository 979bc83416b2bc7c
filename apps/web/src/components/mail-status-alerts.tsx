import { mailMsg } from '@app/shared/messages-mail';
import { Alert, type AlertProps } from '@mantine/core';
import { IconLink, IconMailOff } from '@tabler/icons-react';
import { useEmailStatus } from '../api/email/get-email-status';

/** Mantine's yellow title on its light yellow reads at 2.7:1; this dark amber reads at 7:1 (WCAG AA). */
export const WARNING_ALERT_STYLES = { title: { color: '#7a4b00' }, icon: { color: '#7a4b00' } };

/** Owners' banner while SMTP_URL is unset: messages are only kept in the server's outbox. */
export function MailNotConfiguredBanner(props: AlertProps) {
  const status = useEmailStatus();
  if (!status || status.mailConfigured) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailOff size={18} aria-hidden />}
      title={mailMsg.notConfiguredTitle}
      styles={WARNING_ALERT_STYLES}
      // A standing notice, not an interruption: Mantine's Alert is role="alert" otherwise.
      role="status"
      {...props}
    >
      {mailMsg.notConfigured}
    </Alert>
  );
}

/** The warning an owner's e-mail screens show while APP_URL is unset (e-mailed links name localhost). */
export function AppUrlWarning({ appUrlConfigured, ...props }: AlertProps & { appUrlConfigured: boolean }) {
  if (appUrlConfigured) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLink size={18} aria-hidden />}
      title={mailMsg.appUrlMissingTitle}
      styles={WARNING_ALERT_STYLES}
      role="note"
      {...props}
    >
      {mailMsg.appUrlMissing}
    </Alert>
  );
}

/** AppUrlWarning for the signed-in owner (nothing for other roles, or before the status arrives). */
export function OwnerAppUrlWarning(props: AlertProps) {
  const status = useEmailStatus();
  if (!status) return null;
  return <AppUrlWarning appUrlConfigured={status.appUrlConfigured} {...props} />;
}
