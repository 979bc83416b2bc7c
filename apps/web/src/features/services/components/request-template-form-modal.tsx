import { requestsMsg } from '@app/shared/messages-requests';
import { REQUEST_ITEMS_MAX, type RequestTemplate, RequestTemplateInputSchema } from '@app/shared/schemas/requests';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type RequestTemplateResponse,
  useCreateRequestTemplate,
  useUpdateRequestTemplate,
} from '../../../api/requests/templates';
import { FormButtons } from '../../../components/form-buttons';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import type { FolderPath } from '../utils/folder-paths';

interface ItemValues {
  /** React's key for the row; never sent. */
  key: string;
  name: string;
  /** The select's value: the folder template's id as text, null until chosen. */
  serviceFolderId: string | null;
}

/** The form keeps '' while a day is empty, so the schema can say what is missing. */
interface TemplateFormValues {
  title: string;
  dueDay: number | string;
  sendDay: number | string;
  items: ItemValues[];
}

const newItem = (): ItemValues => ({ key: randomId(), name: '', serviceFolderId: null });

const emptyValues = (): TemplateFormValues => ({ title: '', dueDay: '', sendDay: '', items: [newItem()] });

const toValues = (template: RequestTemplate): TemplateFormValues => ({
  title: template.title,
  dueDay: template.dueDay,
  sendDay: template.sendDay ?? '',
  items: template.items.map((item) => ({
    key: randomId(),
    name: item.name,
    serviceFolderId: String(item.serviceFolderId),
  })),
});

/** What the API takes: an empty send day is 'Solo manual' (null); an empty due day stays missing. */
const toInput = (values: TemplateFormValues) => ({
  title: values.title,
  dueDay: values.dueDay === '' ? undefined : Number(values.dueDay),
  sendDay: values.sendDay === '' ? null : Number(values.sendDay),
  items: values.items.map((item) => ({
    name: item.name,
    serviceFolderId: item.serviceFolderId === null ? null : Number(item.serviceFolderId),
  })),
});

const validateInput = schemaResolver(RequestTemplateInputSchema, { sync: true });

/**
 * 'Nueva plantilla' and its edit (issue 22): title, due day, optional send day, and the items, each
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

  const items = form.getValues().items;
  const itemsError = form.errors.items;

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
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              {requestsMsg.itemsLabel}
            </Text>
            {folders.length === 0 && (
              <Alert color="yellow" variant="light">
                {requestsMsg.noServiceFolders}
              </Alert>
            )}
            {items.map((item, index) => (
              <Group key={item.key} align="flex-start" gap="xs" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
                  <TextInput
                    label={`${requestsMsg.itemNameLabel} ${index + 1}`}
                    withAsterisk
                    {...form.getInputProps(`items.${index}.name`)}
                  />
                  <Select
                    label={`${requestsMsg.itemFolderLabel} del documento ${index + 1}`}
                    placeholder={requestsMsg.itemFolderPlaceholder}
                    withAsterisk
                    searchable
                    data={folderOptions}
                    nothingFoundMessage="Sin resultados"
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps(`items.${index}.serviceFolderId`)}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="input-sm"
                  mt={24}
                  aria-label={requestsMsg.removeItem(index + 1)}
                  disabled={items.length === 1}
                  onClick={() => form.removeListItem('items', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {typeof itemsError === 'string' && (
              <Text size="sm" c="red" role="alert">
                {itemsError}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={items.length >= REQUEST_ITEMS_MAX}
                onClick={() => form.insertListItem('items', newItem())}
              >
                {requestsMsg.addItem}
              </Button>
            </Group>
          </Stack>
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
