import { can } from '@app/shared/permissions';
import { Group, Tabs } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendarMonth } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { MONTH_FORMAT } from '../../../lib/dates';
import { useCurrentUser } from '../../../lib/session';
import { CartolaTab } from '../components/cartola/cartola-tab';
import { ChargesTab } from '../components/charges/charges-tab';
import { CollectionsTab } from '../components/collections/collections-tab';
import { PaymentsTab } from '../components/payments/payments-tab';
import { SettingsTab } from '../components/settings/settings-tab';
import { UfTab } from '../components/uf/uf-tab';
import {
  FIRST_BILLING_MONTH,
  fromPickerValue,
  latestBillingMonth,
  monthPickerValue,
  useBillingMonth,
} from '../utils/billing-month';

const TABS = {
  cobros: 'Cobros del mes',
  saldos: 'Saldos',
  pagos: 'Pagos',
  cartola: 'Cartola',
  uf: 'Valores UF',
  config: 'Configuración',
} as const;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && value in TABS;

/**
 * /cobranza (owners), in tabs kept in the address (?vista=saldos): each company's balance and aging,
 * the month's charges, payments and receipts, the bank statement, UF values and the settings. The
 * month (?anio=&mes=, up to next month) is chosen above the charges and the UF values.
 */
export function BillingPage() {
  const user = useCurrentUser();
  const mayChange = can(user, 'billing:manage');
  const [month, setMonth] = useBillingMonth();
  const [params, setParams] = useSearchParams();
  const asked = params.get('vista');
  const tab: Tab = isTab(asked) ? asked : 'cobros';
  const setTab = (next: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next && next !== 'cobros') updated.set('vista', next);
        else updated.delete('vista');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <PageHeader title="Cobranza" crumbs={[{ label: 'Inicio', to: '/' }, { label: 'Cobranza' }]} />
      {(tab === 'cobros' || tab === 'uf') && (
        <Group mb="md">
          <MonthPickerInput
            label="Mes"
            leftSection={<IconCalendarMonth size={16} aria-hidden />}
            value={monthPickerValue(month)}
            onChange={(value) => {
              const chosen = fromPickerValue(value);
              if (chosen) setMonth(chosen);
            }}
            minDate={monthPickerValue(FIRST_BILLING_MONTH)}
            maxDate={monthPickerValue(latestBillingMonth())}
            valueFormat={MONTH_FORMAT}
            w={220}
          />
        </Group>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
          {Object.entries(TABS).map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="saldos">
          <CollectionsTab mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="cobros">
          <ChargesTab month={month} mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="pagos">
          <PaymentsTab mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="cartola">
          <CartolaTab mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="uf">
          <UfTab month={month} mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="config">
          <SettingsTab mayChange={mayChange} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
