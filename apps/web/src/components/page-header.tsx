import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

const APP_NAME = 'Estudio Contable';

/**
 * Page title with its breadcrumb trail and optional actions on the right. It also names the
 * browser tab ('Empresas · Estudio Contable'): `tabTitle`, else the title when it is text, else the
 * last crumb.
 */
export function PageHeader({
  title,
  crumbs,
  actions,
  tabTitle,
}: {
  title: ReactNode;
  crumbs: Crumb[];
  actions?: ReactNode;
  tabTitle?: string;
}) {
  const tab = tabTitle ?? (typeof title === 'string' ? title : crumbs.at(-1)?.label);
  useDocumentTitle(tab ? `${tab} · ${APP_NAME}` : APP_NAME);
  return (
    <Stack gap={4} mb="lg">
      <nav aria-label="Ruta de navegación" hidden={crumbs.length === 0}>
        {/* Wraps, so a long company name never widens a phone's page. */}
        <Breadcrumbs separator="/" style={{ flexWrap: 'wrap', rowGap: 2 }}>
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        {/* Each screen's one h1 (where the focus lands after a navigation), drawn at h2's size. */}
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
    </Stack>
  );
}
