import { loginFieldError } from '@app/shared/login-rules';
import { msg } from '@app/shared/messages';
import { secondFactorMsg } from '@app/shared/messages-trust';
import type { LoginSession } from '@app/shared/schemas/auth';
import type { SecondFactorSetup } from '@app/shared/schemas/second-factor';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  confirmSecondFactorSetupAtLogin,
  loginWithSecondFactor,
  startSecondFactorSetupAtLogin,
  startSession,
  useLogin,
} from '../../../api/auth/login';
import { PasswordInput } from '../../../components/password-input';
import { ApiRequestError } from '../../../lib/api-client';
import { useEndedNotice } from '../../../lib/session';
import { AuthLayout } from './auth-layout';

// The second factor's steps load when a sign-in reaches them: most sign-ins never do.
const CodeForm = lazy(() =>
  import('../../../components/second-factor/code-form').then((m) => ({ default: m.CodeForm })),
);
const SetupStep = lazy(() =>
  import('../../../components/second-factor/setup-step').then((m) => ({ default: m.SetupStep })),
);
const RecoveryCodesPanel = lazy(() =>
  import('../../../components/second-factor/recovery-codes-panel').then((m) => ({ default: m.RecoveryCodesPanel })),
);
const loading = <Loader size="sm" role="status" aria-label="Cargando" />;

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
  const form = useSignInFields();

  const done = (session: LoginSession) => {
    startSession(session);
    navigate('/', { replace: true });
  };
  /** A challenge that died (5 minutes, a password change): back to the password with the reason. */
  const backIfExpired = (error: Error) => {
    if (!isExpired(error)) return;
    form.clearPassword();
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    setExpired(false);
    login.mutate(form.values, {
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
  };

  const restart = () => {
    form.clearPassword();
    setStep({ kind: 'password' });
  };

  if (step.kind === 'code') {
    return (
      <AuthLayout title={secondFactorMsg.title}>
        <Suspense fallback={loading}>
          <CodeForm
            help={secondFactorMsg.codeHelp}
            pending={code.isPending}
            error={code.error?.message}
            onSubmit={(typed) => code.mutate({ challenge: step.challenge, code: typed })}
            onCancel={restart}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  if (step.kind === 'setup') {
    return (
      <AuthLayout title={secondFactorMsg.title}>
        <Text fw={500}>{secondFactorMsg.setupRequiredTitle}</Text>
        {step.setup ? (
          <Suspense fallback={loading}>
            <SetupStep
              setup={step.setup}
              pending={confirm.isPending}
              error={confirm.error?.message}
              onConfirm={(typed) => confirm.mutate({ challenge: step.challenge, code: typed })}
              onCancel={restart}
            />
          </Suspense>
        ) : startSetup.isError ? (
          <Alert color="red" variant="light" role="alert">
            {startSetup.error.message}
          </Alert>
        ) : (
          loading
        )}
      </AuthLayout>
    );
  }

  if (step.kind === 'codes') {
    return (
      <AuthLayout title={secondFactorMsg.title}>
        <Text size="sm">{secondFactorMsg.enabled}</Text>
        <Suspense fallback={loading}>
          <RecoveryCodesPanel codes={step.codes} onContinue={() => done(step.session)} />
        </Suspense>
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
          <TextInput label="Email" type="email" autoComplete="username" autoFocus {...form.field('email')} />
          <PasswordInput label="Contraseña" autoComplete="current-password" {...form.field('password')} />
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

type SignInField = 'email' | 'password';

/**
 * The two fields and their errors, checked on submit and cleared as the field is typed in again (as
 * the app's other forms behave). Plain state rather than @mantine/form: this is the first page, and
 * the less script it loads the sooner it can be used.
 */
function useSignInFields() {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<SignInField, string>>>({});
  return {
    values,
    field: (name: SignInField) => ({
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
    }),
    /** Marks the empty fields; true when both are filled. */
    check: () => {
      const found = {
        email: loginFieldError(values.email) ?? undefined,
        password: loginFieldError(values.password) ?? undefined,
      };
      setErrors(found);
      return !found.email && !found.password;
    },
    clearPassword: () => setValues((current) => ({ ...current, password: '' })),
  };
}
