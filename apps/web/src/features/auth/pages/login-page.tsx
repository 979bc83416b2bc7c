import { loginFieldError } from '@app/shared/login-rules';
import { msg } from '@app/shared/messages';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { useLogin } from '../../../api/auth/login';
import { ApiRequestError } from '../../../lib/api-client';
import { AuthLayout } from './auth-layout';

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: loginFieldError, password: loginFieldError },
  });

  // The request only goes out when both fields are filled (spec 1 §2.3).
  const submit = form.onSubmit((values) => login.mutate(values, { onSuccess: () => navigate('/', { replace: true }) }));

  const failure =
    login.error instanceof ApiRequestError && login.error.status === 401 ? msg.loginFailed : login.error?.message;

  return (
    <AuthLayout title="Iniciar sesión">
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" autoFocus {...form.getInputProps('email')} />
          <PasswordInput label="Contraseña" autoComplete="current-password" {...form.getInputProps('password')} />
          <Button type="submit" loading={login.isPending} fullWidth>
            Ingresar
          </Button>
          <Anchor component={Link} to="/recuperar-contraseña" size="sm" ta="center">
            ¿Olvidaste tu contraseña?
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
