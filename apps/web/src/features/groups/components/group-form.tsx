import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, GroupCreateSchema } from '@app/shared/schemas/groups';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';

export interface GroupFormValues {
  name: string;
  description: string;
}

export const emptyGroupValues: GroupFormValues = { name: '', description: '' };

/** The group form: name required ('Campo requerido'), description optional. */
export function useGroupForm() {
  return useForm<GroupFormValues>({
    initialValues: emptyGroupValues,
    validate: schemaResolver(GroupCreateSchema, { sync: true }),
  });
}

export function GroupFormFields({
  form,
  autoFocus = false,
}: {
  form: UseFormReturnType<GroupFormValues>;
  autoFocus?: boolean;
}) {
  return (
    <Stack>
      <TextInput
        label="Nombre"
        withAsterisk
        maxLength={GROUP_NAME_MAX}
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('name')}
      />
      <Textarea
        label="Descripción"
        autosize
        minRows={2}
        maxLength={GROUP_DESCRIPTION_MAX}
        {...form.getInputProps('description')}
      />
    </Stack>
  );
}
