import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Title order={2} ta="center">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
