import { requestsMsg } from '@app/shared/messages-requests';
import { type ServiceFolderNode, ServiceFolderUpdateSchema } from '@app/shared/schemas/services';
import { Alert, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useCreateServiceFolder } from '../../../api/services/create-service-folder';
import { useUpdateServiceFolder } from '../../../api/services/update-service-folder';
import { FormButtons } from '../../../components/form-buttons';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { firstServerError } from './first-server-error';

/** What the folder modal is doing: a new folder (top level or under a parent) or an edit. */
export type FolderFormTarget =
  | { mode: 'create'; parent: ServiceFolderNode | null }
  | { mode: 'edit'; folder: ServiceFolderNode };

interface FolderFormValues {
  name: string;
  isActive: boolean;
  /** 'El cliente puede subir': clients may upload into the company folders made from it. */
  clientCanUpload: boolean;
}

const emptyValues: FolderFormValues = { name: '', isActive: true, clientCanUpload: false };

/** Create or edit a folder template; a server failure shows the first entry of its errors list. */
export function FolderFormModal({
  serviceId,
  target,
  onClose,
}: {
  serviceId: number;
  target: FolderFormTarget | null;
  onClose: () => void;
}) {
  const create = useCreateServiceFolder();
  const update = useUpdateServiceFolder();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FolderFormValues>({
    initialValues: emptyValues,
    validate: schemaResolver(ServiceFolderUpdateSchema, { sync: true }),
  });

  useResetOnOpen(
    form,
    target !== null,
    target?.mode === 'edit'
      ? { name: target.folder.name, isActive: target.folder.isActive, clientCanUpload: target.folder.clientCanUpload }
      : emptyValues,
    [target],
    () => setServerError(null),
  );

  const submit = form.onSubmit(async (values) => {
    if (!target) return;
    setServerError(null);
    await submitAndNotify(
      form,
      () =>
        target.mode === 'edit'
          ? update.mutateAsync({ serviceId, id: target.folder.id, ...values })
          : create.mutateAsync({ serviceId, ...values, parentFolderId: target.parent?.id ?? null }),
      { onSaved: onClose, onError: (error) => setServerError(firstServerError(error)) },
    );
  });

  const title =
    target?.mode === 'edit'
      ? 'Editar carpeta'
      : target?.parent
        ? `Nueva subcarpeta en ${target.parent.name}`
        : 'Nueva carpeta';

  return (
    <Modal opened={target !== null} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {serverError && (
            <Alert color="red" variant="light" role="alert">
              {serverError}
            </Alert>
          )}
          <TextInput label="Nombre de la carpeta" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Switch label="Carpeta activa" {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <Switch
            label={requestsMsg.clientCanUpload}
            description={requestsMsg.clientCanUploadHint}
            {...form.getInputProps('clientCanUpload', { type: 'checkbox' })}
          />
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
