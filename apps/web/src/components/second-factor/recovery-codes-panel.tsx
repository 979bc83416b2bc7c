import { secondFactorMsg } from '@app/shared/messages-trust';
import { Button, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';

/** The recovery codes, shown once, with 'Copiar', 'Descargar' (.txt) and 'Continuar'. */
export function RecoveryCodesPanel({ codes, onContinue }: { codes: string[]; onContinue(): void }) {
  const clipboard = useClipboard({ timeout: 2000 });
  const text = `${secondFactorMsg.recoveryCodesTitle}\n\n${codes.join('\n')}\n`;

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'codigos-de-recuperacion.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {secondFactorMsg.recoveryCodesTitle}
      </Title>
      <Text size="sm">{secondFactorMsg.recoveryCodesHelp}</Text>
      <SimpleGrid cols={2} spacing="xs" component="ul" aria-label={secondFactorMsg.recoveryCodesTitle} p={0} m={0}>
        {codes.map((code) => (
          <Code key={code} component="li" ta="center" fz="md" style={{ listStyle: 'none' }}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group grow>
        <Button variant="default" onClick={() => clipboard.copy(text)}>
          {clipboard.copied ? secondFactorMsg.copied : secondFactorMsg.copy}
        </Button>
        <Button variant="default" onClick={download}>
          {secondFactorMsg.download}
        </Button>
      </Group>
      <Button onClick={onContinue}>{secondFactorMsg.continue}</Button>
    </Stack>
  );
}
