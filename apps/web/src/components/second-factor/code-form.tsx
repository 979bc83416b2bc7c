import { secondFactorMsg } from '@app/shared/messages-trust';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';

interface CodeFormProps {
  onSubmit(code: string): void;
  pending: boolean;
  /** The server's Spanish message, shown under the field. */
  error?: string | null;
  /** The help under the field: the sign-in step also takes recovery codes. */
  help?: string;
  submitLabel?: string;
  onCancel?(): void;
  autoFocus?: boolean;
  children?: ReactNode;
}

/** One 'Código de verificación' field and its button; a one-time code the phone can fill in. */
export function CodeForm({
  onSubmit,
  pending,
  error,
  help = secondFactorMsg.enterCodeToConfirm,
  submitLabel = secondFactorMsg.verify,
  onCancel,
  autoFocus = true,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const typed = code.trim();
        setMissing(!typed);
        if (typed) onSubmit(typed);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={secondFactorMsg.codeLabel}
          description={help}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={autoFocus}
          maxLength={13}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? secondFactorMsg.codeRequired : error || undefined}
        />
        <Group grow>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {secondFactorMsg.cancel}
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
