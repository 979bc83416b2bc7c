import { companiesMsg } from '@app/shared/messages-companies';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateGroup } from '../api/create-group';
import { emptyGroupValues, GroupFormFields, useGroupForm } from './group-form';

export function GroupCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateGroup();
  const form = useGroupForm();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the modal opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(emptyGroupValues);
    form.resetDirty();
    form.clearErrors();
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(values);
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) notifyError(companiesMsg.groupSaveFailed);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Nuevo grupo">
      <form onSubmit={submit} noValidate>
        <Stack>
          <GroupFormFields form={form} autoFocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
