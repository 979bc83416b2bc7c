import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Page title with its breadcrumb trail and optional actions on the right. */
export function PageHeader({ title, crumbs, actions }: { title: ReactNode; crumbs: Crumb[]; actions?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <nav aria-label="Ruta de navegación">
        <Breadcrumbs separator="/">
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm" c="dimmed">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{title}</Title>
        {actions}
      </Group>
    </Stack>
  );
}
