import { ProfileUpdateSchema } from '@app/shared/schemas/profile';
import type { User } from '@app/shared/schemas/users';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useUpdateProfile } from '../../../api/users/update-profile';
import { FormButtons } from '../../../components/form-buttons';
import { submitAndNotify } from '../../../lib/submit-and-notify';

interface ProfileFormValues {
  name: string;
  lastName: string;
  email: string;
}

const valuesOf = (user: User): ProfileFormValues => ({ name: user.name, lastName: user.lastName, email: user.email });

/** 'Datos personales': the user's own name and e-mail (role and company are not theirs to change). */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    initialValues: valuesOf(user),
    validate: schemaResolver(ProfileUpdateSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => update.mutateAsync(values), {
      // The form shows what the server stored (trimmed, e-mail in lower case).
      onSaved: ({ user: saved }) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Nombre" withAsterisk autoComplete="given-name" {...form.getInputProps('name')} />
          <TextInput label="Apellido" autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" withAsterisk autoComplete="email" {...form.getInputProps('email')} />
        <FormButtons loading={update.isPending} />
      </Stack>
    </form>
  );
}
