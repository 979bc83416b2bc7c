import { secondFactorMsg } from '@app/shared/messages-trust';
import { Card, Loader, Switch, Text } from '@mantine/core';
import { useSaveSecuritySettings, useSecuritySettings } from '../../../api/second-factor/second-factor';
import { LoadError } from '../../../components/load-error';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** The firm's security setting on /usuarios: require a second factor of owners and collaborators. */
export function SecuritySettingsCard() {
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();

  return (
    <Card withBorder mt="md" padding="md">
      <Text fw={600} mb="xs">
        {secondFactorMsg.title}
      </Text>
      {settings.isError ? (
        <LoadError title={secondFactorMsg.title} query={settings} />
      ) : !settings.data ? (
        <Loader size="sm" role="status" aria-label="Cargando" />
      ) : (
        <Switch
          label={secondFactorMsg.requireSetting}
          checked={save.isPending ? save.variables.requireSecondFactor : settings.data.requireSecondFactor}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(
              { requireSecondFactor: event.currentTarget.checked },
              { onSuccess: () => notifySuccess(secondFactorMsg.settingSaved), onError: (error) => notifyError(error) },
            )
          }
        />
      )}
    </Card>
  );
}
