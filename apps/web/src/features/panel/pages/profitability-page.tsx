import { timeMsg } from '@app/shared/messages-time';
import { PageHeader } from '../../../components/page-header';
import { ProfitabilityTab } from '../components/profitability-tab';

/** 'Rentabilidad' on a page of its own (owners), reached from 'Registro de tiempo'. */
export function ProfitabilityPage() {
  return (
    <>
      <PageHeader
        title={timeMsg.profitabilityTitle}
        crumbs={[
          { label: 'Inicio', to: '/' },
          { label: timeMsg.title, to: '/tiempo' },
          { label: timeMsg.profitabilityTitle },
        ]}
      />
      <ProfitabilityTab />
    </>
  );
}
