import { can } from '@app/shared/permissions';
import { useCellTarget } from '../components/board/use-cell-target';
import { SendEmailModal } from '../features/email/components/send-email-modal';
import { MonthlyBoard } from '../features/monthly-board/components/monthly-board';
import { useCurrentUser } from '../lib/session';

type Business = { id: number; name: string; contact: string };

/**
 * Home's monthly view for staff, composed here because features do not import each other: the
 * board's envelope opens the e-mail feature's send modal, for those who may e-mail a company's
 * contacts.
 */
export function StaffHome() {
  const user = useCurrentUser();
  const email = useCellTarget<Business>();
  const canEmail = can(user, 'email:send');
  return (
    <>
      <MonthlyBoard onEmail={canEmail ? email.show : undefined} />
      {canEmail && <SendEmailModal opened={email.modal.opened} onClose={email.close} business={email.target} />}
    </>
  );
}
