import { boardMsg } from '@app/shared/messages-board';
import { STAFF_ROLES } from '@app/shared/roles';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';

/**
 * Home (spec 1 §2.5, §2.6): the greeting and, for owners and collaborators, the monthly view; for
 * clients, their company's documents. The app layer hands both in (features do not import each other).
 */
export function HomePage({ staffView, clientView }: { staffView?: ReactNode; clientView?: ReactNode }) {
  const user = useCurrentUser();
  const isStaff = (STAFF_ROLES as readonly string[]).includes(user.role);
  return (
    <>
      {/* A client's documents carry their own breadcrumb (Inicio, then the company). */}
      <PageHeader
        title={boardMsg.greeting(user.name)}
        tabTitle="Inicio"
        crumbs={isStaff ? [{ label: 'Inicio', to: '/' }, { label: 'Vista mensual' }] : []}
      />
      {isStaff ? staffView : clientView}
    </>
  );
}
