import { mailMsg } from '@app/shared/messages-mail';
import { Alert, type AlertProps } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import { IconLink, IconMailOff } from '@tabler/icons-react';
import { useEmailStatus } from '../api/email/get-email-status';

/** Mantine's yellow title on its light yellow reads at 2.7:1; this dark amber reads at 7:1 (WCAG AA). */
export const WARNING_ALERT_STYLES = { title: { color: '#7a4b00' }, icon: { color: '#7a4b00' } };

/**
 * Owners' banner while SMTP_URL is unset: messages are only kept in the server's outbox. It can be
 * closed for the rest of the browser tab's session (a firm may run on the outbox on purpose, and
 * the banner takes room above the boards); it is back in a new tab or after signing in again.
 */
export function MailNotConfiguredBanner(props: AlertProps) {
  const status = useEmailStatus();
  const [closed, setClosed] = useSessionStorage({ key: 'mail-banner-closed', defaultValue: false });
  if (!status || status.mailConfigured || closed) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailOff size={18} aria-hidden />}
      title={mailMsg.notConfiguredTitle}
      styles={WARNING_ALERT_STYLES}
      withCloseButton
      closeButtonLabel={mailMsg.closeBanner}
      onClose={() => setClosed(true)}
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
