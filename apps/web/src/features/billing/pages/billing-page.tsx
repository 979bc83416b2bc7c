import { can } from '@app/shared/permissions';
import { Group, Tabs } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendarMonth } from '@tabler/icons-react';
import { type ComponentType, lazy } from 'react';
import { LazyPanel } from '../../../components/lazy-panel';
import { PageHeader } from '../../../components/page-header';
import { BILLING_TAB_PARAM, CHARGES_TAB } from '../../../lib/billing-tab-param';
import { MONTH_FORMAT } from '../../../lib/dates';
import { useCurrentUser } from '../../../lib/session';
import { useTabParam } from '../../../lib/use-tab-param';
import { ChargesTab } from '../components/charges/charges-tab';
import {
  FIRST_BILLING_MONTH,
  fromPickerValue,
  latestBillingMonth,
  monthPickerValue,
  useBillingMonth,
} from '../utils/billing-month';

/*
 * 'Cobros del mes', the tab /cobranza opens on, comes with the page; each other tab's script (its
 * forms, dropzones and modals) loads when the tab is first shown, so that opening the page does
 * not load and run them.
 */
const CollectionsTab = lazy(() =>
  import('../components/collections/collections-tab').then((m) => ({ default: m.CollectionsTab })),
);
const PaymentsTab = lazy(() => import('../components/payments/payments-tab').then((m) => ({ default: m.PaymentsTab })));
const CartolaTab = lazy(() => import('../components/cartola/cartola-tab').then((m) => ({ default: m.CartolaTab })));
const UfTab = lazy(() => import('../components/uf/uf-tab').then((m) => ({ default: m.UfTab })));
const SettingsTab = lazy(() => import('../components/settings/settings-tab').then((m) => ({ default: m.SettingsTab })));

const TABS = {
  cobros: 'Cobros del mes',
  saldos: 'Saldos',
  pagos: 'Pagos',
  cartola: 'Cartola',
  uf: 'Valores UF',
  config: 'Configuración',
} as const;

/**
 * /cobranza (owners), in tabs kept in the address (?vista=saldos): each company's balance and aging,
 * the month's charges, payments and receipts, the bank statement, UF values and the settings. The
 * month (?anio=&mes=, up to next month) is chosen above the charges and the UF values.
 */
export function BillingPage({
  SettingsExtra,
}: {
  /** Another card of 'Configuración' (the WhatsApp channel's), handed in by the app. */
  SettingsExtra?: ComponentType;
} = {}) {
  const user = useCurrentUser();
  const mayChange = can(user, 'billing:manage');
  const [month, setMonth] = useBillingMonth();
  const [tab, setTab] = useTabParam(TABS, CHARGES_TAB, BILLING_TAB_PARAM);

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
          <LazyPanel>
            <CollectionsTab mayChange={mayChange} />
          </LazyPanel>
        </Tabs.Panel>
        <Tabs.Panel value="cobros">
          <ChargesTab month={month} mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="pagos">
          <LazyPanel>
            <PaymentsTab mayChange={mayChange} />
          </LazyPanel>
        </Tabs.Panel>
        <Tabs.Panel value="cartola">
          <LazyPanel>
            <CartolaTab mayChange={mayChange} />
          </LazyPanel>
        </Tabs.Panel>
        <Tabs.Panel value="uf">
          <LazyPanel>
            <UfTab month={month} mayChange={mayChange} />
          </LazyPanel>
        </Tabs.Panel>
        <Tabs.Panel value="config">
          <LazyPanel>
            <SettingsTab mayChange={mayChange} Extra={SettingsExtra} />
          </LazyPanel>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
