import { activityDetailLines } from '@app/shared/activity';
import type { ActivityEntry } from '@app/shared/schemas/activity';
import { Text } from '@mantine/core';

/** The entry's 'Detalle' cell: its changes, compact, one field a line. */
export function ActivityDetails({ entry }: { entry: ActivityEntry }) {
  const lines = activityDetailLines(entry.details);
  if (lines.length === 0) return null;
  return (
    <div>
      {lines.map((line) => (
        <Text key={line} size="xs" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </div>
  );
}
