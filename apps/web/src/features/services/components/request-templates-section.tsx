import { requestsMsg } from '@app/shared/messages-requests';
import type { RequestTemplate } from '@app/shared/schemas/requests';
import type { ServiceFolderNode } from '@app/shared/schemas/services';
import { Badge, Button, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarDue, IconFolder, IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useDeleteRequestTemplate, useRequestTemplates } from '../../../api/requests/templates';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { LoadError } from '../../../components/load-error';
import { NewButton } from '../../../components/new-button';
import { RowActions } from '../../../components/row-actions';
import { useEditModal } from '../../../components/use-edit-modal';
import { notifyOutcome } from '../../../lib/notify';
import { flattenFolderPaths } from '../utils/folder-paths';
import { RequestTemplateFormModal } from './request-template-form-modal';
import { Section } from './section';
import { SendTemplateModal } from './send-template-modal';

/** One template: its title and days, the documents it asks for with their folder, and its actions. */
function TemplateCard({
  template,
  folderPath,
  onSend,
  onEdit,
  onDelete,
}: {
  template: RequestTemplate;
  folderPath: (folderId: number, fallback: string) => string;
  onSend: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={template.title}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {template.title}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="blue" leftSection={<IconCalendarDue size={12} aria-hidden />}>
              {requestsMsg.dueDayText(template.dueDay)}
            </Badge>
            <Badge variant="dot" color={template.sendDay === null ? 'gray' : 'teal'}>
              {template.sendDay === null ? requestsMsg.manualOnly : requestsMsg.sendDayText(template.sendDay)}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" leftSection={<IconSend size={14} aria-hidden />} onClick={onSend}>
            {requestsMsg.sendToAll}
          </Button>
          <RowActions label={`plantilla ${template.title}`} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      </Group>
      <List size="sm" mt="xs" spacing={4} aria-label={`${requestsMsg.itemsLabel}: ${template.title}`}>
        {template.items.map((item) => (
          <List.Item key={item.id}>
            <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>{' '}
            <Text span size="xs" c="dimmed">
              <IconFolder size={12} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
              {folderPath(item.serviceFolderId, item.folderName)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/**
 * 'Solicitudes de documentos' of the service detail: the service's request templates,
 * their create/edit modal, delete, and 'Solicitar a todas' for a month.
 */
export function RequestTemplatesSection({ serviceId, folders }: { serviceId: number; folders: ServiceFolderNode[] }) {
  const templates = useRequestTemplates(serviceId);
  const remove = useDeleteRequestTemplate();
  const { editing, opened, open, close } = useEditModal<RequestTemplate>();
  const [sending, setSending] = useState<RequestTemplate | null>(null);
  const paths = useMemo(() => flattenFolderPaths(folders), [folders]);
  const pathOf = useMemo(() => {
    const byId = new Map(paths.map((folder) => [folder.id, folder.path]));
    return (folderId: number, fallback: string) => byId.get(folderId) ?? fallback;
  }, [paths]);

  const confirmDelete = (template: RequestTemplate) =>
    openDeleteConfirm({
      title: requestsMsg.deleteTemplateTitle,
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          ¿Seguro que quieres eliminar la plantilla <b>{template.title}</b>? Las solicitudes ya enviadas se mantienen.
        </Text>
      ),
      onConfirm: () => remove.mutate({ id: template.id, serviceId }, notifyOutcome),
    });

  return (
    <Section
      title={requestsMsg.templatesTitle}
      actions={
        <NewButton size="xs" onClick={() => open(null)}>
          {requestsMsg.newTemplate}
        </NewButton>
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        {requestsMsg.templatesHint}
      </Text>
      {templates.isPending ? (
        <Loader size="sm" role="status" aria-label="Cargando plantillas" />
      ) : templates.isError ? (
        <LoadError title="No se pudieron cargar las plantillas" query={templates} />
      ) : templates.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {requestsMsg.noTemplates}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {templates.data.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              folderPath={pathOf}
              onSend={() => setSending(template)}
              onEdit={() => open(template)}
              onDelete={() => confirmDelete(template)}
            />
          ))}
        </Stack>
      )}
      <RequestTemplateFormModal
        serviceId={serviceId}
        opened={opened}
        template={editing}
        folders={paths}
        onClose={close}
      />
      <SendTemplateModal template={sending} onClose={() => setSending(null)} />
    </Section>
  );
}
