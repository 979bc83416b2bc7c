import { Box, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen (and down past `maxHeight`) inside a named region
 * the keyboard can reach, so that its arrows scroll it.
 */
export function ScrollTable({
  label,
  minWidth,
  maxHeight,
  children,
}: {
  label: string;
  minWidth: number;
  maxHeight?: number;
  children: ReactNode;
}) {
  return (
    <Box style={{ overflow: 'auto', maxHeight }} tabIndex={0} role="region" aria-label={label}>
      <Table miw={minWidth} stickyHeader={maxHeight !== undefined}>
        {children}
      </Table>
    </Box>
  );
}
