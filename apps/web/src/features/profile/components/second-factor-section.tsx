import { secondFactorMsg } from '@app/shared/messages-trust';
import {
  type SecondFactorSetup,
  type SecondFactorSetupStart,
  SecondFactorSetupStartSchema,
} from '@app/shared/schemas/second-factor';
import { Badge, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  useConfirmSecondFactor,
  useDisableSecondFactor,
  useRenewRecoveryCodes,
  useSecondFactorStatus,
  useStartSecondFactorSetup,
} from '../../../api/second-factor/second-factor';
import { LoadError } from '../../../components/load-error';
import { CodeForm } from '../../../components/second-factor/code-form';
import { RecoveryCodesPanel } from '../../../components/second-factor/recovery-codes-panel';
import { SetupStep } from '../../../components/second-factor/setup-step';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';

type Mode =
  | { kind: 'status' }
  | { kind: 'password' }
  | { kind: 'setup'; setup: SecondFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'renew' }
  | { kind: 'disable' };

// Mantine's default label of the show/hide button is English.
const toggleProps = { 'aria-label': 'Mostrar u ocultar contraseña' };

/** The first step of a set-up: the current password, then the QR code. */
function SetupPasswordStep({ onStarted, onCancel }: { onStarted(setup: SecondFactorSetup): void; onCancel(): void }) {
  const start = useStartSecondFactorSetup();
  const form = useForm<SecondFactorSetupStart>({
    initialValues: { currentPassword: '' },
    validate: schemaResolver(SecondFactorSetupStartSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    start.mutate(values, {
      onSuccess: onStarted,
      // A wrong password (or too many) is said under the field.
      onError: (error) => {
        if (!applyServerErrors(form, error)) form.setFieldError('currentPassword', error.message);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{secondFactorMsg.enableWithPassword}</Text>
        <PasswordInput
          label={secondFactorMsg.currentPasswordLabel}
          withAsterisk
          autoFocus
          autoComplete="current-password"
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('currentPassword')}
        />
        <Group grow>
          <Button variant="default" onClick={onCancel}>
            {secondFactorMsg.cancel}
          </Button>
          <Button type="submit" loading={start.isPending}>
            {secondFactorMsg.continue}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Verificación en dos pasos' in 'Mi perfil': set up, recovery codes, turn off. */
export function SecondFactorSection() {
  const status = useSecondFactorStatus();
  const confirm = useConfirmSecondFactor();
  const renew = useRenewRecoveryCodes();
  const disable = useDisableSecondFactor();
  const [mode, setMode] = useState<Mode>({ kind: 'status' });
  const back = () => setMode({ kind: 'status' });

  if (status.isError) return <LoadError title={secondFactorMsg.title} query={status} />;
  if (!status.data) return <Loader size="sm" role="status" aria-label="Cargando" />;
  const { enabled, recoveryCodesLeft, required } = status.data;

  if (mode.kind === 'password')
    return (
      <SetupPasswordStep
        onCancel={back}
        onStarted={(setup) => {
          confirm.reset();
          setMode({ kind: 'setup', setup });
        }}
      />
    );
  if (mode.kind === 'setup')
    return (
      <SetupStep
        setup={mode.setup}
        pending={confirm.isPending}
        error={confirm.error?.message}
        onCancel={back}
        onConfirm={(code) =>
          confirm.mutate(
            { code },
            {
              onSuccess: ({ message, recoveryCodes }) => {
                notifySuccess(message);
                setMode({ kind: 'codes', codes: recoveryCodes });
              },
            },
          )
        }
      />
    );
  if (mode.kind === 'codes') return <RecoveryCodesPanel codes={mode.codes} onContinue={back} />;
  if (mode.kind === 'renew')
    return (
      <Stack gap="sm">
        <Text size="sm">{secondFactorMsg.newRecoveryCodes}</Text>
        <CodeForm
          pending={renew.isPending}
          error={renew.error?.message}
          onCancel={back}
          onSubmit={(code) =>
            renew.mutate(
              { code },
              {
                onSuccess: ({ message, recoveryCodes }) => {
                  notifySuccess(message);
                  setMode({ kind: 'codes', codes: recoveryCodes });
                },
              },
            )
          }
        />
      </Stack>
    );
  if (mode.kind === 'disable')
    return (
      <Stack gap="sm">
        <Text size="sm">{secondFactorMsg.confirmDisable}</Text>
        <CodeForm
          submitLabel={secondFactorMsg.disable}
          pending={disable.isPending}
          error={disable.error?.message}
          onCancel={back}
          onSubmit={(code) =>
            disable.mutate(
              { code },
              {
                onSuccess: ({ message }) => {
                  notifySuccess(message);
                  back();
                },
              },
            )
          }
        />
      </Stack>
    );

  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="xs">
        <Badge color={enabled ? 'green' : 'gray'} variant="light">
          {enabled ? secondFactorMsg.enabledBadge : secondFactorMsg.disabledBadge}
        </Badge>
        <Text size="sm">{enabled ? secondFactorMsg.enabled : secondFactorMsg.disabled}</Text>
      </Group>
      {required && <Text size="sm">{secondFactorMsg.requiredReason}</Text>}
      {enabled ? (
        <>
          <Text size="sm">{secondFactorMsg.recoveryCodesLeft(recoveryCodesLeft)}</Text>
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => {
                renew.reset();
                setMode({ kind: 'renew' });
              }}
            >
              {secondFactorMsg.newRecoveryCodes}
            </Button>
            {!required && (
              <Button
                variant="default"
                color="red"
                onClick={() => {
                  disable.reset();
                  setMode({ kind: 'disable' });
                }}
              >
                {secondFactorMsg.disable}
              </Button>
            )}
          </Group>
        </>
      ) : (
        <Button onClick={() => setMode({ kind: 'password' })}>{secondFactorMsg.enable}</Button>
      )}
    </Stack>
  );
}
