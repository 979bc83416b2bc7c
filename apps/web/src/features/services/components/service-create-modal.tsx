import { Modal } from '@mantine/core';
import { useCreateService } from '../../../api/services/create-service';
import { notifySuccess } from '../../../lib/notify';
import { emptyServiceValues, ServiceForm } from './service-form';

/** '+ Nuevo' on the services list. */
export function ServiceCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateService();
  return (
    <Modal opened={opened} onClose={onClose} title="Nuevo servicio" size="lg">
      <ServiceForm
        initialValues={emptyServiceValues}
        submitting={create.isPending}
        onCancel={onClose}
        autoFocus
        onSubmit={async (values) => {
          const { message } = await create.mutateAsync(values);
          notifySuccess(message);
          onClose();
        }}
      />
    </Modal>
  );
}
