import { Tabs } from '@mantine/core';
import { type ComponentType, lazy } from 'react';
import { LazyPanel } from '../../../components/lazy-panel';
import { PageHeader } from '../../../components/page-header';
import { useTabParam } from '../../../lib/use-tab-param';
import { RequestsTab } from '../components/requests-tab';

/* 'Solicitudes', the tab the page opens on, comes with it; each other tab loads when first shown. */
const IncidentsTab = lazy(() => import('../components/incidents-tab').then((m) => ({ default: m.IncidentsTab })));
const NoticeTab = lazy(() => import('../components/notice-tab').then((m) => ({ default: m.NoticeTab })));
const RetentionTab = lazy(() => import('../components/retention-tab').then((m) => ({ default: m.RetentionTab })));

/** The tabs, in the address as ?vista=incidentes; none is 'Solicitudes'. */
const TABS = {
  solicitudes: 'Solicitudes',
  buscar: 'Buscar titular',
  incidentes: 'Incidentes',
  aviso: 'Aviso de privacidad',
  retencion: 'Retención',
} as const;

/**
 * /proteccion-datos (owners): Chile's personal data law (Ley 21.719) in tabs kept in the address: the
 * requests people make over their data and their terms, 'Buscar titular' (handed in by the app), the
 * register of security incidents, the privacy notice, and retention.
 */
export function DataProtectionPage({ SearchTab }: { SearchTab?: ComponentType } = {}) {
  const [tab, setTab] = useTabParam(TABS, 'solicitudes');

  return (
    <>
      <PageHeader
        title="Protección de datos"
        crumbs={[{ label: 'Inicio', to: '/' }, { label: 'Protección de datos' }]}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
          {Object.entries(TABS).map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="solicitudes">
          <RequestsTab />
        </Tabs.Panel>
        <Tabs.Panel value="buscar">{SearchTab && <LazyPanel>{<SearchTab />}</LazyPanel>}</Tabs.Panel>
        <Tabs.Panel value="incidentes">
          <LazyPanel>
            <IncidentsTab />
          </LazyPanel>
        </Tabs.Panel>
        <Tabs.Panel value="aviso">
          <LazyPanel>
            <NoticeTab />
          </LazyPanel>
        </Tabs.Panel>
        <Tabs.Panel value="retencion">
          <LazyPanel>
            <RetentionTab />
          </LazyPanel>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
