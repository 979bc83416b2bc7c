import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A board's summary cards as a list, one to four a row by the window's width; `emptyText` when there are none. */
export function SummaryGrid({ emptyText, children }: { emptyText: string; children: ReactNode[] }) {
  if (children.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" component="ul" style={{ listStyle: 'none' }} p={0}>
      {children}
    </SimpleGrid>
  );
}
