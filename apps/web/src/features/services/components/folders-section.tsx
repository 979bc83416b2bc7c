import { requestsMsg } from '@app/shared/messages-requests';
import type { ServiceFolderNode } from '@app/shared/schemas/services';
import { ActionIcon, Badge, Box, Group, Switch, Text, Tooltip } from '@mantine/core';
import { IconFolder, IconFolderOff, IconFolderPlus, IconPencil, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateServiceFolder } from '../../../api/services/update-service-folder';
import { NewButton } from '../../../components/new-button';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { firstServerError } from './first-server-error';
import { FolderFormModal, type FolderFormTarget } from './folder-form-modal';
import { Section } from './section';

interface FolderActions {
  onToggle: (folder: ServiceFolderNode, isActive: boolean) => void;
  onEdit: (folder: ServiceFolderNode) => void;
  onAddSubfolder: (folder: ServiceFolderNode) => void;
}

function FolderList({
  folders,
  depth,
  actions,
}: { folders: ServiceFolderNode[]; depth: number } & { actions: FolderActions }) {
  return (
    <Box
      component="ul"
      aria-label={depth === 0 ? 'Árbol de carpetas' : undefined}
      m={0}
      p={0}
      pl={depth === 0 ? 0 : 'lg'}
      style={{
        listStyle: 'none',
        borderLeft: depth === 0 ? undefined : '1px dashed var(--mantine-color-gray-4)',
        marginLeft: depth === 0 ? undefined : 10,
      }}
    >
      {folders.map((folder) => (
        <li key={folder.id} aria-label={folder.name}>
          <Group
            gap="xs"
            wrap="nowrap"
            justify="space-between"
            py={6}
            px={6}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group gap="xs" wrap="nowrap" miw={0}>
              {folder.isActive ? (
                <IconFolder size={18} color="var(--mantine-color-yellow-7)" aria-hidden />
              ) : (
                <IconFolderOff size={18} color="var(--mantine-color-gray-5)" aria-hidden />
              )}
              <Text size="sm" truncate c={folder.isActive ? undefined : 'dimmed'}>
                {folder.name}
              </Text>
              {folder.clientCanUpload && (
                <Tooltip label={requestsMsg.clientCanUploadHint}>
                  <Badge
                    size="xs"
                    variant="outline"
                    color="blue"
                    leftSection={<IconUpload size={10} aria-hidden />}
                    style={{ flex: 'none' }}
                  >
                    {requestsMsg.clientCanUpload}
                  </Badge>
                </Tooltip>
              )}
            </Group>
            <Group gap={6} wrap="nowrap">
              <Switch
                size="sm"
                checked={folder.isActive}
                onChange={(event) => actions.onToggle(folder, event.currentTarget.checked)}
                aria-label={`Carpeta ${folder.name} activa`}
              />
              <Tooltip label="Editar carpeta">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Editar carpeta ${folder.name}`}
                  onClick={() => actions.onEdit(folder)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Agregar subcarpeta">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Agregar subcarpeta en ${folder.name}`}
                  onClick={() => actions.onAddSubfolder(folder)}
                >
                  <IconFolderPlus size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          {folder.subfolders.length > 0 && (
            <FolderList folders={folder.subfolders} depth={depth + 1} actions={actions} />
          )}
        </li>
      ))}
    </Box>
  );
}

/** 'Creación de carpetas' of the service detail: the folder template tree of the service. */
export function FoldersSection({ serviceId, folders }: { serviceId: number; folders: ServiceFolderNode[] }) {
  const update = useUpdateServiceFolder();
  const [target, setTarget] = useState<FolderFormTarget | null>(null);

  const actions: FolderActions = {
    onToggle: (folder, isActive) =>
      update.mutate(
        { serviceId, id: folder.id, name: folder.name, isActive },
        {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: (error) => notifyError(firstServerError(error)),
        },
      ),
    onEdit: (folder) => setTarget({ mode: 'edit', folder }),
    onAddSubfolder: (folder) => setTarget({ mode: 'create', parent: folder }),
  };

  return (
    <Section
      title="Creación de carpetas"
      actions={
        <NewButton size="xs" onClick={() => setTarget({ mode: 'create', parent: null })}>
          Nueva carpeta
        </NewButton>
      }
    >
      {folders.length ? (
        <FolderList folders={folders} depth={0} actions={actions} />
      ) : (
        <Text size="sm" c="dimmed">
          Este servicio aún no tiene carpetas.
        </Text>
      )}
      <FolderFormModal serviceId={serviceId} target={target} onClose={() => setTarget(null)} />
    </Section>
  );
}
