import { backupMsg } from '@app/shared/messages-backup';
import { type BackupDownloadInput, BackupDownloadSchema } from '@app/shared/schemas/backup';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useDownloadBackup } from '../../../api/backup/download-backup';
import { PageHeader } from '../../../components/page-header';
import { PasswordInput } from '../../../components/password-input';
import { showServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';

const toggleProps = { 'aria-label': 'Mostrar u ocultar contraseña' };

/** 'Respaldo': an owner downloads a backup of everything, after typing the password again. */
export function BackupPage() {
  const user = useCurrentUser();
  const download = useDownloadBackup();
  const form = useForm<BackupDownloadInput>({
    initialValues: { password: '', withSecrets: false },
    validate: schemaResolver(BackupDownloadSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { name } = await download.mutateAsync(values);
      notifySuccess(`${backupMsg.downloaded}: ${name}`);
      form.setFieldValue('password', '');
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <>
      <PageHeader title={backupMsg.title} crumbs={[{ label: 'Inicio', to: '/' }, { label: backupMsg.title }]} />
      <Paper withBorder p="lg" radius="md" maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text>{backupMsg.intro}</Text>
            <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
            <PasswordInput
              label={backupMsg.password}
              description={backupMsg.passwordHint}
              withAsterisk
              autoComplete="current-password"
              visibilityToggleButtonProps={toggleProps}
              {...form.getInputProps('password')}
            />
            <Checkbox
              label={backupMsg.withSecrets}
              description={backupMsg.withSecretsHint}
              {...form.getInputProps('withSecrets', { type: 'checkbox' })}
            />
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconDownload size={16} />} loading={download.isPending}>
                {download.isPending ? backupMsg.downloading : backupMsg.download}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
