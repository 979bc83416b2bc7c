import { requestsMsg } from '@app/shared/messages-requests';
import type { Period } from '@app/shared/period';
import type { FolderTile } from '@app/shared/schemas/documents';
import { CreateRequestSchema } from '@app/shared/schemas/requests';
import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type RequestResponse, useCreateRequest } from '../../../../api/requests/create-request';
import { DateField } from '../../../../components/date-field';
import { FormButtons } from '../../../../components/form-buttons';
import {
  newRequestItem,
  RequestItemsFields,
  type RequestItemValues,
  requestItemsInput,
} from '../../../../components/request-items-fields';
import { folderLabel } from '../../../../lib/folder-label';
import { submitAndNotify } from '../../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../../lib/use-reset-on-open';

interface NewRequestValues {
  title: string;
  /** 'YYYY-MM-DD' or null while empty. */
  dueDate: string | null;
  items: RequestItemValues[];
}

const emptyValues = (): NewRequestValues => ({ title: '', dueDate: null, items: [newRequestItem()] });

const validateInput = schemaResolver(CreateRequestSchema, { sync: true });

/**
 * 'Nueva solicitud' on a company's documents page: a title, a due date (DD-MM-YYYY) and
 * the documents asked for, each filed into one of the company's folders of the period. The shared
 * schema checks it here and on the server, whose field messages land on the same fields.
 */
export function NewRequestModal({
  businessId,
  period,
  folders,
  opened,
  onClose,
}: {
  businessId: number;
  period: Period;
  /** The period's folder tiles of the company (its top folders). */
  folders: FolderTile[];
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateRequest();
  const toInput = (values: NewRequestValues) => ({
    businessId,
    year: period.year,
    month: period.month,
    title: values.title,
    dueDate: values.dueDate ?? '',
    items: requestItemsInput(values.items),
  });
  const form = useForm<NewRequestValues>({
    initialValues: emptyValues(),
    validate: (values) => validateInput(toInput(values)),
  });
  useResetOnOpen(form, opened, emptyValues());

  const folderOptions = folders
    .filter((folder) => folder.isActive)
    .map((folder) => ({ value: String(folder.id), label: folderLabel(folder) }));

  const submit = form.onSubmit((values) =>
    submitAndNotify<NewRequestValues, RequestResponse>(
      form,
      () => create.mutateAsync(toInput(values) as Parameters<typeof create.mutateAsync>[0]),
      { onSaved: onClose },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={requestsMsg.newRequest} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={requestsMsg.titleLabel} withAsterisk data-autofocus {...form.getInputProps('title')} />
            <DateField label={requestsMsg.dueDateLabel} withAsterisk {...form.getInputProps('dueDate')} />
          </SimpleGrid>
          <RequestItemsFields form={form} folderOptions={folderOptions} noFoldersText={requestsMsg.noPeriodFolders} />
          <FormButtons onCancel={onClose} loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
