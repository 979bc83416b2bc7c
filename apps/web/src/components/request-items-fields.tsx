import { requestsMsg } from '@app/shared/messages-requests';
import { REQUEST_ITEMS_MAX } from '@app/shared/schemas/requests';
import { ActionIcon, Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** One document asked for, as a form keeps it. */
export interface RequestItemValues {
  /** React's key for the row; never sent. */
  key: string;
  name: string;
  /** The folder template's id as text (the select's value), null until chosen. */
  serviceFolderId: string | null;
}

export const newRequestItem = (name = '', serviceFolderId: string | null = null): RequestItemValues => ({
  key: randomId(),
  name,
  serviceFolderId,
});

/**
 * The items as the API takes them. A folder not chosen goes as 0, which no folder has: the shared
 * schema then says 'Elige la carpeta donde se guardará' rather than its generic 'Campo requerido'.
 */
export const requestItemsInput = (items: RequestItemValues[]) =>
  items.map((item) => ({
    name: item.name,
    serviceFolderId: item.serviceFolderId === null ? 0 : Number(item.serviceFolderId),
  }));

/**
 * The documents a request or a request template asks for: per row a name and a folder select,
 * 'Agregar documento' and a bin per row (the last row stays). The field errors are the shared
 * schema's, on 'items.N.name' and 'items.N.serviceFolderId', from the form or from the server.
 */
export function RequestItemsFields<Values extends { items: RequestItemValues[] }>({
  form,
  folderOptions,
  noFoldersText,
}: {
  form: UseFormReturnType<Values>;
  folderOptions: { value: string; label: string }[];
  /** Said when there is no folder to choose. */
  noFoldersText: string;
}) {
  const items = form.getValues().items;
  const itemsError = form.errors.items;
  // Mantine types list paths loosely; these are the item fields of `items`.
  const inputProps = (index: number, field: 'name' | 'serviceFolderId') =>
    form.getInputProps(`items.${index}.${field}` as Parameters<typeof form.getInputProps>[0]);
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={4}>
        {requestsMsg.itemsLabel}
      </Text>
      {folderOptions.length === 0 && (
        <Alert color="yellow" variant="light">
          {noFoldersText}
        </Alert>
      )}
      {items.map((item, index) => (
        <Group key={item.key} align="flex-start" gap="xs" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
            <TextInput
              label={`${requestsMsg.itemNameLabel} ${index + 1}`}
              withAsterisk
              {...inputProps(index, 'name')}
            />
            <Select
              label={`${requestsMsg.itemFolderLabel} del documento ${index + 1}`}
              placeholder={requestsMsg.itemFolderPlaceholder}
              withAsterisk
              searchable
              data={folderOptions}
              nothingFoundMessage="Sin resultados"
              comboboxProps={{ withinPortal: true }}
              {...inputProps(index, 'serviceFolderId')}
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            size="input-sm"
            mt={24}
            aria-label={requestsMsg.removeItem(index + 1)}
            disabled={items.length === 1}
            onClick={() => form.removeListItem('items' as Parameters<typeof form.removeListItem>[0], index)}
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
          onClick={() =>
            form.insertListItem(
              'items' as Parameters<typeof form.insertListItem>[0],
              newRequestItem() as Parameters<typeof form.insertListItem>[1],
            )
          }
        >
          {requestsMsg.addItem}
        </Button>
      </Group>
    </Stack>
  );
}
