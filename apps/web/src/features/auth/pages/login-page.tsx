import { loginFieldError } from '@app/shared/login-rules';
import { msg } from '@app/shared/messages';
import { secondFactorMsg } from '@app/shared/messages-trust';
import type { LoginSession } from '@app/shared/schemas/auth';
import type { SecondFactorSetup } from '@app/shared/schemas/second-factor';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  confirmSecondFactorSetupAtLogin,
  loginWithSecondFactor,
  startSecondFactorSetupAtLogin,
  startSession,
  useLogin,
} from '../../../api/auth/login';
import { PasswordInput } from '../../../components/password-input';
import { CodeForm } from '../../../components/second-factor/code-form';
import { RecoveryCodesPanel } from '../../../components/second-factor/recovery-codes-panel';
import { SetupStep } from '../../../components/second-factor/setup-step';
import { ApiRequestError } from '../../../lib/api-client';
import { useEndedNotice } from '../../../lib/session';
import { AuthLayout } from './auth-layout';

/** Where the sign-in is: the password, then the code, or the set-up the firm requires. */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: string }
  | { kind: 'setup'; challenge: string; setup?: SecondFactorSetup }
  | { kind: 'codes'; session: LoginSession; codes: string[] };

const isExpired = (error: Error) =>
  error instanceof ApiRequestError && error.status === 401 && error.message === secondFactorMsg.challengeExpired;

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  // A session ended elsewhere while this browser had the app open: say so here.
  const endedNotice = useEndedNotice();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [expired, setExpired] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: loginFieldError, password: loginFieldError },
  });

  const done = (session: LoginSession) => {
    startSession(session);
    navigate('/', { replace: true });
  };
  /** A challenge that died (5 minutes, a password change): back to the password with the reason. */
  const backIfExpired = (error: Error) => {
    if (!isExpired(error)) return;
    form.setFieldValue('password', '');
    setExpired(true);
    setStep({ kind: 'password' });
  };

  const code = useMutation({ mutationFn: loginWithSecondFactor, onSuccess: done, onError: backIfExpired });
  const startSetup = useMutation({
    mutationFn: startSecondFactorSetupAtLogin,
    onSuccess: (setup, { challenge }) => setStep({ kind: 'setup', challenge, setup }),
    onError: backIfExpired,
  });
  const confirm = useMutation({
    mutationFn: confirmSecondFactorSetupAtLogin,
    onSuccess: (session) => setStep({ kind: 'codes', session, codes: session.recoveryCodes ?? [] }),
    onError: backIfExpired,
  });

  // The request only goes out when both fields are filled.
  const submit = form.onSubmit((values) => {
    setExpired(false);
    login.mutate(values, {
      onSuccess: (answer) => {
        if ('token' in answer) {
          navigate('/', { replace: true });
        } else if (answer.secondFactor === 'code') {
          code.reset();
          setStep({ kind: 'code', challenge: answer.challenge });
        } else {
          setStep({ kind: 'setup', challenge: answer.challenge });
          startSetup.mutate({ challenge: answer.challenge });
        }
      },
    });
  });

  const restart = () => {
    form.setFieldValue('password', '');
    setStep({ kind: 'password' });
  };

  if (step.kind === 'code') {
    return (
      <AuthLayout title={secondFactorMsg.title}>
        <CodeForm
          help={secondFactorMsg.codeHelp}
          pending={code.isPending}
          error={code.error?.message}
          onSubmit={(typed) => code.mutate({ challenge: step.challenge, code: typed })}
          onCancel={restart}
        />
      </AuthLayout>
    );
  }

  if (step.kind === 'setup') {
    return (
      <AuthLayout title={secondFactorMsg.title}>
        <Text fw={500}>{secondFactorMsg.setupRequiredTitle}</Text>
        {step.setup ? (
          <SetupStep
            setup={step.setup}
            pending={confirm.isPending}
            error={confirm.error?.message}
            onConfirm={(typed) => confirm.mutate({ challenge: step.challenge, code: typed })}
            onCancel={restart}
          />
        ) : startSetup.isError ? (
          <Alert color="red" variant="light" role="alert">
            {startSetup.error.message}
          </Alert>
        ) : (
          <Loader size="sm" aria-label="Cargando" />
        )}
      </AuthLayout>
    );
  }

  if (step.kind === 'codes') {
    return (
      <AuthLayout title={secondFactorMsg.title}>
        <Text size="sm">{secondFactorMsg.enabled}</Text>
        <RecoveryCodesPanel codes={step.codes} onContinue={() => done(step.session)} />
      </AuthLayout>
    );
  }

  const failure = expired
    ? secondFactorMsg.challengeExpired
    : login.error instanceof ApiRequestError && login.error.status === 401
      ? msg.loginFailed
      : login.error?.message;

  return (
    <AuthLayout title="Iniciar sesión">
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          {endedNotice && !failure && (
            <Alert color="yellow" variant="light" role="status">
              {endedNotice}
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
