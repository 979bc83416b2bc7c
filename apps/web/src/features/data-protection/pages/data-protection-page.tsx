import { Loader, Tabs } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RequestsTab } from '../components/requests-tab';

/* 'Solicitudes', the tab the page opens on, comes with it; each other tab loads when first shown. */
const IncidentsTab = lazy(() => import('../components/incidents-tab').then((m) => ({ default: m.IncidentsTab })));
const NoticeTab = lazy(() => import('../components/notice-tab').then((m) => ({ default: m.NoticeTab })));
const RetentionTab = lazy(() => import('../components/retention-tab').then((m) => ({ default: m.RetentionTab })));

const Loaded = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loader role="status" aria-label="Cargando" />}>{children}</Suspense>
);

/** The tab in the address (?vista=incidentes); none is 'Solicitudes'. */
const TAB_PARAM = 'vista';
const FIRST_TAB = 'solicitudes';
const TABS = {
  solicitudes: 'Solicitudes',
  buscar: 'Buscar titular',
  incidentes: 'Incidentes',
  aviso: 'Aviso de privacidad',
  retencion: 'Retención',
} as const;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && value in TABS;

/**
 * /proteccion-datos (owners): Chile's personal data law (Ley 21.719) in tabs kept in the address: the
 * requests people make over their data and their terms, 'Buscar titular' (handed in by the app), the
 * register of security incidents, the privacy notice, and retention.
 */
export function DataProtectionPage({ SearchTab }: { SearchTab?: ComponentType } = {}) {
  const [params, setParams] = useSearchParams();
  const asked = params.get(TAB_PARAM);
  const tab: Tab = isTab(asked) ? asked : FIRST_TAB;
  const setTab = (next: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next && next !== FIRST_TAB) updated.set(TAB_PARAM, next);
        else updated.delete(TAB_PARAM);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

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
        <Tabs.Panel value="buscar">{SearchTab && <Loaded>{<SearchTab />}</Loaded>}</Tabs.Panel>
        <Tabs.Panel value="incidentes">
          <Loaded>
            <IncidentsTab />
          </Loaded>
        </Tabs.Panel>
        <Tabs.Panel value="aviso">
          <Loaded>
            <NoticeTab />
          </Loaded>
        </Tabs.Panel>
        <Tabs.Panel value="retencion">
          <Loaded>
            <RetentionTab />
          </Loaded>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
