import { documentsMsg } from '@app/shared/messages-documents';
import type { FolderTile } from '@app/shared/schemas/documents';
import { Card, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFolder } from '@tabler/icons-react';
import { Link } from 'react-router';
import { folderLabel } from '../../../lib/folder-label';
import classes from './folder-grid.module.css';

/**
 * The folders of a period as tiles, 1/2/4/5 columns by breakpoint. Only active ones
 * show, for the staff too (the server also sends them the inactive ones). Each tile is a link.
 */
export function FolderGrid({ folders, to }: { folders: FolderTile[]; to: (folder: FolderTile) => string }) {
  // On a touch screen a tap focuses the tile and counts as a hover that never ends, so the tooltip
  // would stay over the content; it only repeats the tile's own label, so touch screens go without.
  const cannotHover = useMediaQuery('(hover: none)', false, { getInitialValueInEffect: false });
  const active = folders.filter((folder) => folder.isActive);
  if (active.length === 0) return null;
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, md: 4, lg: 5 }}
      spacing="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {active.map((folder) => (
        <li key={folder.id}>
          <Tooltip
            label={documentsMsg.folderTooltip(folder.service.name)}
            disabled={!folder.service.name || cannotHover}
            events={{ hover: true, focus: true, touch: false }}
            openDelay={300}
          >
            <Card withBorder padding="md" h="100%" component={Link} to={to(folder)} className={classes.tile}>
              <Group gap="sm" wrap="nowrap" align="center">
                <IconFolder
                  size={28}
                  stroke={1.5}
                  color="var(--mantine-color-yellow-7)"
                  aria-hidden
                  style={{ flex: 'none' }}
                />
                <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {folderLabel(folder)}
                </Text>
              </Group>
            </Card>
          </Tooltip>
        </li>
      ))}
    </SimpleGrid>
  );
}
