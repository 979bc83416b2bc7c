import { companiesMsg } from '@app/shared/messages-companies';
import { Modal, Stack } from '@mantine/core';
import { useCreateGroup } from '../../../api/groups/create-group';
import { FormButtons } from '../../../components/form-buttons';
import { showServerErrors } from '../../../lib/form-errors';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { emptyGroupValues, GroupFormFields, useGroupForm } from './group-form';

export function GroupCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateGroup();
  const form = useGroupForm();

  useResetOnOpen(form, opened, emptyGroupValues);

  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => create.mutateAsync(values), {
      onSaved: onClose,
      onError: (error) => showServerErrors(form, error, { message: companiesMsg.groupSaveFailed }),
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Nuevo grupo">
      <form onSubmit={submit} noValidate>
        <Stack>
          <GroupFormFields form={form} autoFocus />
          <FormButtons onCancel={onClose} loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
