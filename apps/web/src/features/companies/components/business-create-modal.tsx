import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateBusiness } from '../api/create-business';
import { BusinessFormFields, emptyBusinessValues, toBusinessPayload, useBusinessForm } from './business-form';

/** '+ Nuevo' on the Empresas list (spec 1 §2.8). */
export function BusinessCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateBusiness();
  const form = useBusinessForm();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the modal opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(emptyBusinessValues);
    form.resetDirty();
    form.clearErrors();
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(toBusinessPayload(values));
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) notifyError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Nueva empresa" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <BusinessFormFields form={form} autoFocus />
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
