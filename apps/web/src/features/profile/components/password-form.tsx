import { profileMsg } from '@app/shared/messages-profile';
import {
  PasswordChangeFormSchema,
  type PasswordChangeForm as PasswordChangeFormValues,
} from '@app/shared/schemas/profile';
import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useChangeOwnPassword } from '../../../api/users/change-own-password';
import { PasswordInput } from '../../../components/password-input';
import { submitAndNotify } from '../../../lib/submit-and-notify';

// Mantine's default label of the show/hide button is English.
const toggleProps = { 'aria-label': 'Mostrar u ocultar contraseña' };

const emptyValues: PasswordChangeFormValues = { currentPassword: '', password: '', repeatPassword: '' };

/** 'Cambiar contraseña': the current password, then the new one twice. */
export function PasswordForm({ email }: { email: string }) {
  const change = useChangeOwnPassword();
  const form = useForm<PasswordChangeFormValues>({
    initialValues: emptyValues,
    validate: schemaResolver(PasswordChangeFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(({ currentPassword, password }) =>
    submitAndNotify(form, () => change.mutateAsync({ currentPassword, password }), { onSaved: () => form.reset() }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {/* Lets a password manager know whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          label="Contraseña actual"
          withAsterisk
          visibilityToggleButtonProps={toggleProps}
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="Nueva contraseña"
          withAsterisk
          visibilityToggleButtonProps={toggleProps}
          autoComplete="new-password"
          description={profileMsg.passwordHint}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Repetir contraseña"
          withAsterisk
          visibilityToggleButtonProps={toggleProps}
          autoComplete="new-password"
          {...form.getInputProps('repeatPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Cambiar contraseña
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
