import { secondFactorMsg } from '@app/shared/messages-trust';
import type { SecondFactorSetup } from '@app/shared/schemas/second-factor';
import { Center, Code, Image, Stack, Text } from '@mantine/core';
import { CodeForm } from './code-form';

interface SetupStepProps {
  setup: SecondFactorSetup;
  onConfirm(code: string): void;
  pending: boolean;
  error?: string | null;
  onCancel?(): void;
}

/** The QR code to scan, the secret to type by hand, and the first code that confirms the set-up. */
export function SetupStep({ setup, onConfirm, pending, error, onCancel }: SetupStepProps) {
  return (
    <Stack gap="sm">
      <Text size="sm">{secondFactorMsg.setupIntro}</Text>
      <Center>
        <Image src={setup.qrDataUrl} alt={secondFactorMsg.qrAlt} w={200} h={200} />
      </Center>
      <Text size="sm">{secondFactorMsg.secretLabel}</Text>
      <Code block data-testid="second-factor-secret" style={{ wordBreak: 'break-all' }}>
        {setup.secret}
      </Code>
      <CodeForm onSubmit={onConfirm} pending={pending} error={error} onCancel={onCancel} autoFocus={false} />
    </Stack>
  );
}
