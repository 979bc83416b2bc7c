import { msg } from '@app/shared/messages';
import { ChangePasswordFormSchema, RecoverPasswordRequestSchema } from '@app/shared/schemas/auth';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';

import { useChangePasswordWithToken } from '../../../api/auth/change-password';
import { useRequestPasswordRecovery } from '../../../api/auth/recover-password';
import { PasswordInput } from '../../../components/password-input';
import { errorText } from '../utils/error-text';
import { AuthLayout } from './auth-layout';

/** Form status: idle, pending, OK or ERROR. */
function StatusAlert({ status, ok, error }: { status: string; ok: string; error: string }) {
  if (status === 'success')
    return (
      <Alert color="green" variant="light" role="status">
        {ok}
      </Alert>
    );
  if (status === 'error')
    return (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    );
  return null;
}

function RequestRecoveryForm() {
  const recovery = useRequestPasswordRecovery();
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(RecoverPasswordRequestSchema, { sync: true }),
  });
  return (
    <form onSubmit={form.onSubmit((values) => recovery.mutate(values))} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Escribe tu email y te enviaremos un enlace para crear una nueva contraseña.
        </Text>
        <StatusAlert
          status={recovery.status}
          ok={msg.recoverRequested}
          error={errorText(recovery.error, msg.recoverFailed)}
        />
        <TextInput label="Email" type="email" autoComplete="username" autoFocus {...form.getInputProps('email')} />
        <Button type="submit" loading={recovery.isPending} fullWidth>
          Enviar
        </Button>
      </Stack>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const change = useChangePasswordWithToken();
  const form = useForm({
    initialValues: { password: '', repeatPassword: '' },
    validate: schemaResolver(ChangePasswordFormSchema, { sync: true }),
  });
  return (
    <form onSubmit={form.onSubmit(({ password }) => change.mutate({ password, token }))} noValidate>
      <Stack>
        <StatusAlert
          status={change.status}
          ok={msg.passwordChanged}
          error={errorText(change.error, msg.tokenInvalid)}
        />
        <PasswordInput
          label="Nueva contraseña"
          autoComplete="new-password"
          autoFocus
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Repetir contraseña"
          autoComplete="new-password"
          {...form.getInputProps('repeatPassword')}
        />
        <Button type="submit" loading={change.isPending} disabled={change.isSuccess} fullWidth>
          Cambiar contraseña
        </Button>
      </Stack>
    </form>
  );
}

export function RecoverPasswordPage() {
  const { token } = useParams();
  return (
    <AuthLayout title="Recuperar contraseña">
      {token ? <NewPasswordForm token={token} /> : <RequestRecoveryForm />}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Volver a iniciar sesión
      </Anchor>
    </AuthLayout>
  );
}
