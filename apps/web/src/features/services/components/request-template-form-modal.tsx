import { requestsMsg } from '@app/shared/messages-requests';
import { type RequestTemplate, RequestTemplateInputSchema } from '@app/shared/schemas/requests';
import { Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type RequestTemplateResponse,
  useCreateRequestTemplate,
  useUpdateRequestTemplate,
} from '../../../api/requests/templates';
import { FormButtons } from '../../../components/form-buttons';
import {
  newRequestItem,
  RequestItemsFields,
  type RequestItemValues,
  requestItemsInput,
} from '../../../components/request-items-fields';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import type { FolderPath } from '../utils/folder-paths';

/** The form keeps '' while a day is empty, so the schema can say what is missing. */
interface TemplateFormValues {
  title: string;
  dueDay: number | string;
  sendDay: number | string;
  items: RequestItemValues[];
}

const emptyValues = (): TemplateFormValues => ({ title: '', dueDay: '', sendDay: '', items: [newRequestItem()] });

const toValues = (template: RequestTemplate): TemplateFormValues => ({
  title: template.title,
  dueDay: template.dueDay,
  sendDay: template.sendDay ?? '',
  items: template.items.map((item) => newRequestItem(item.name, String(item.serviceFolderId))),
});

/** What the API takes: an empty send day is 'Solo manual' (null); an empty due day stays missing. */
const toInput = (values: TemplateFormValues) => ({
  title: values.title,
  dueDay: values.dueDay === '' ? undefined : Number(values.dueDay),
  sendDay: values.sendDay === '' ? null : Number(values.sendDay),
  items: requestItemsInput(values.items),
});

const validateInput = schemaResolver(RequestTemplateInputSchema, { sync: true });

/**
 * 'Nueva plantilla' and its edit: title, due day, optional send day, and the items, each
 * a name and one of the service's folder templates (listed with their path). Checked with the
 * shared schema; the server's field messages ('items.0.name') land on the same fields.
 */
export function RequestTemplateFormModal({
  serviceId,
  opened,
  template,
  folders,
  onClose,
}: {
  serviceId: number;
  opened: boolean;
  template: RequestTemplate | null;
  folders: FolderPath[];
  onClose: () => void;
}) {
  const create = useCreateRequestTemplate();
  const update = useUpdateRequestTemplate();
  const form = useForm<TemplateFormValues>({
    initialValues: emptyValues(),
    validate: (values) => validateInput(toInput(values)),
  });

  useResetOnOpen(form, opened, template ? toValues(template) : emptyValues(), [template]);

  const folderOptions = folders.map((folder) => ({
    value: String(folder.id),
    label: folder.isActive ? folder.path : `${folder.path} (inactiva)`,
  }));

  const submit = form.onSubmit((values) => {
    const body = toInput(values) as Parameters<typeof create.mutateAsync>[0];
    return submitAndNotify<TemplateFormValues, RequestTemplateResponse>(
      form,
      () =>
        template
          ? update.mutateAsync({ ...body, serviceId, id: template.id })
          : create.mutateAsync({ ...body, serviceId }),
      { onSaved: onClose },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={template ? requestsMsg.editTemplate : requestsMsg.newTemplate}
      size="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={requestsMsg.titleLabel} withAsterisk data-autofocus {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              clampBehavior="none"
              allowDecimal={false}
              label={requestsMsg.dueDayLabel}
              description={requestsMsg.dueDayHint}
              withAsterisk
              min={1}
              max={31}
              {...form.getInputProps('dueDay')}
            />
            <NumberInput
              clampBehavior="none"
              allowDecimal={false}
              label={requestsMsg.sendDayLabel}
              description={requestsMsg.sendDayHint}
              min={1}
              max={31}
              {...form.getInputProps('sendDay')}
            />
          </SimpleGrid>
          <RequestItemsFields form={form} folderOptions={folderOptions} noFoldersText={requestsMsg.noServiceFolders} />
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
