import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One block of the service detail: a bordered card with its heading and actions. */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-label={title} miw={0}>
      <Group justify="space-between" align="center" mb="sm" gap="sm" wrap="wrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
