import { can } from '@app/shared/permissions';
import { Group, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useResponsibleOptions } from '../../../api/businesses/get-responsible-options';
import type { PanelResponsible } from '../../../api/panel/panel';
import { ResponsibleFilter } from '../../../components/board/board-filter-controls';
import { useBoardFilters } from '../../../components/board/use-board-filters';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';
import { useTabParam } from '../../../lib/use-tab-param';
import { ProfitabilityTab } from '../components/profitability-tab';
import { SummaryTab } from '../components/summary-tab';

/** The tabs, in the address as ?vista=rentabilidad; none is 'Resumen'. */
const SUMMARY = 'resumen';
const PROFITABILITY = 'rentabilidad';

/** A month in the address (?anio=&mes=) for the progress chart; none: the current period. */
function useAskedPeriod() {
  const [params] = useSearchParams();
  const year = Number(params.get('anio'));
  const month = Number(params.get('mes'));
  const valid = Number.isInteger(year) && year >= 2010 && Number.isInteger(month) && month >= 1 && month <= 12;
  return valid ? { year, month } : { year: null, month: null };
}

/**
 * 'Panel': the firm at a glance in charts. Owners see every company (or one 'Encargado''s) and the
 * money; a collaborator sees the companies they are 'Encargado' of. Each bar or point opens the
 * board or list filtered to what it counts. Tabs: 'Resumen' and, for owners, 'Rentabilidad' (fee
 * billed against the cost of the hours logged, per company).
 */
export function PanelPage() {
  const user = useCurrentUser();
  const owner = can(user, 'panel:money');
  const staff = useResponsibleOptions().data;
  const filters = useBoardFilters(owner ? staff : [], undefined);
  const period = useAskedPeriod();
  // A collaborator's panel is always their own companies.
  const responsible: PanelResponsible = owner ? filters.values.responsible : user.id;
  // The tabs in their order; each is an entry here and a Tabs.Panel below.
  const tabs: Record<string, string> = {
    [SUMMARY]: 'Resumen',
    ...(can(user, 'panel:profitability') ? { [PROFITABILITY]: 'Rentabilidad' } : {}),
  };
  const [tab, setTab] = useTabParam(tabs, SUMMARY);

  return (
    <>
      <PageHeader title="Panel" crumbs={[{ label: 'Inicio', to: '/' }, { label: 'Panel' }]} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
          {Object.entries(tabs).map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={SUMMARY}>
          <Group justify="space-between" mb="md" wrap="wrap">
            {owner ? (
              <ResponsibleFilter
                value={filters.values.responsible}
                ownId={user.id}
                staff={staff}
                onChange={(value) => filters.row.onFilter('responsible', value)}
              />
            ) : (
              <Text size="sm" c="dimmed">
                Tus empresas: las que tienes como encargado
              </Text>
            )}
          </Group>
          <SummaryTab responsible={responsible} year={period.year} month={period.month} showMoney={owner} />
        </Tabs.Panel>
        {PROFITABILITY in tabs && (
          <Tabs.Panel value={PROFITABILITY}>
            <ProfitabilityTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
