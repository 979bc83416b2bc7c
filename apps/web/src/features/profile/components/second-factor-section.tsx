import { secondFactorMsg } from '@app/shared/messages-trust';
import type { SecondFactorSetup } from '@app/shared/schemas/second-factor';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
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
import { notifyError, notifySuccess } from '../../../lib/notify';

type Mode =
  | { kind: 'status' }
  | { kind: 'setup'; setup: SecondFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'renew' }
  | { kind: 'disable' };

/** 'Verificación en dos pasos' in 'Mi perfil' (issue 24): set up, recovery codes, turn off. */
export function SecondFactorSection() {
  const status = useSecondFactorStatus();
  const start = useStartSecondFactorSetup();
  const confirm = useConfirmSecondFactor();
  const renew = useRenewRecoveryCodes();
  const disable = useDisableSecondFactor();
  const [mode, setMode] = useState<Mode>({ kind: 'status' });
  const back = () => setMode({ kind: 'status' });

  if (status.isError) return <LoadError title={secondFactorMsg.title} query={status} />;
  if (!status.data) return <Loader size="sm" aria-label="Cargando" />;
  const { enabled, recoveryCodesLeft, required } = status.data;

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
        <Button
          loading={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (setup) => {
                confirm.reset();
                setMode({ kind: 'setup', setup });
              },
              onError: (error) => notifyError(error),
            })
          }
        >
          {secondFactorMsg.enable}
        </Button>
      )}
    </Stack>
  );
}
