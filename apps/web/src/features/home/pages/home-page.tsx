import { boardMsg } from '@app/shared/messages-board';
import { can } from '@app/shared/permissions';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';

/**
 * Home: the greeting and, for owners and collaborators, the monthly view; for
 * clients, their company's documents. The app layer hands both in (features do not import each other).
 */
export function HomePage({ staffView, clientView }: { staffView?: ReactNode; clientView?: ReactNode }) {
  const user = useCurrentUser();
  // The monthly view for whoever may read the board (the permission table, as the API checks it).
  const readsBoard = can(user, 'monthly-states:read');
  return (
    <>
      {/* A client's documents carry their own breadcrumb (Inicio, then the company). */}
      <PageHeader
        title={boardMsg.greeting(user.name)}
        tabTitle="Inicio"
        crumbs={readsBoard ? [{ label: 'Inicio', to: '/' }, { label: 'Vista mensual' }] : []}
      />
      {readsBoard ? staffView : clientView}
    </>
  );
}
