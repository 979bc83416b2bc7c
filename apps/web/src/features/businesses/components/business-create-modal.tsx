import { Modal, Stack } from '@mantine/core';
import { useCreateBusiness } from '../../../api/businesses/create-business';
import { FormButtons } from '../../../components/form-buttons';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { BusinessFormFields, emptyBusinessValues, toBusinessPayload, useBusinessForm } from './business-form';

/** '+ Nuevo' on the Empresas list. */
export function BusinessCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateBusiness();
  const form = useBusinessForm();

  useResetOnOpen(form, opened, emptyBusinessValues);

  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => create.mutateAsync(toBusinessPayload(values)), { onSaved: onClose }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Nueva empresa" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <BusinessFormFields form={form} autoFocus />
          <FormButtons onCancel={onClose} loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
