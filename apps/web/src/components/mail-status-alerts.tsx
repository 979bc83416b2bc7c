import { mailMsg } from '@app/shared/messages-mail';
import type { EmailStatus } from '@app/shared/schemas/email';
import type { AlertProps } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import { IconLink, IconMailOff } from '@tabler/icons-react';
import { WarningAlert } from './warning-alert';

/**
 * Owners' banner while SMTP_URL is unset: messages are only kept in the server's outbox. It can be
 * closed for the rest of the browser tab's session (a firm may run on the outbox on purpose, and
 * the banner takes room above the boards); it is back in a new tab or after signing in again.
 * Nothing without a `status` (another role, or before it arrives).
 */
export function MailNotConfiguredBanner({ status, ...props }: AlertProps & { status: EmailStatus | undefined }) {
  const [closed, setClosed] = useSessionStorage({ key: 'mail-banner-closed', defaultValue: false });
  if (!status || status.mailConfigured || closed) return null;
  return (
    <WarningAlert
      icon={<IconMailOff size={18} aria-hidden />}
      title={mailMsg.notConfiguredTitle}
      withCloseButton
      closeButtonLabel={mailMsg.closeBanner}
      onClose={() => setClosed(true)}
      // A standing notice, not an interruption: Mantine's Alert is role="alert" otherwise.
      role="status"
      {...props}
    >
      {mailMsg.notConfigured}
    </WarningAlert>
  );
}

/** The warning an owner's e-mail screens show while APP_URL is unset (e-mailed links name localhost). */
export function AppUrlWarning({ appUrlConfigured, ...props }: AlertProps & { appUrlConfigured: boolean }) {
  if (appUrlConfigured) return null;
  return (
    <WarningAlert icon={<IconLink size={18} aria-hidden />} title={mailMsg.appUrlMissingTitle} role="note" {...props}>
      {mailMsg.appUrlMissing}
    </WarningAlert>
  );
}
