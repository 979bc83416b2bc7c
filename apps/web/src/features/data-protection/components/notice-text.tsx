import { Stack, Text } from '@mantine/core';

/** The notice's plain text, a paragraph for each block separated by a blank line (lines kept inside one). */
export function NoticeText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <Stack gap="sm">
      {paragraphs.map((paragraph, index) => (
        // The paragraphs of one version never move: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Text key={index} size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}
