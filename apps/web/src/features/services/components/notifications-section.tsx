import { servicesMsg } from '@app/shared/messages-services';
import type { ServiceNotification } from '@app/shared/schemas/services';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteServiceNotification } from '../api/delete-service-notification';
import { NotificationFormModal } from './notification-form-modal';
import { Section } from './section';

/** 'Creación de notificaciones' (spec 2 "Service detail"): Día, Asunto, Mensaje, Acciones. */
export function NotificationsSection({
  serviceId,
  notifications,
}: {
  serviceId: number;
  notifications: ServiceNotification[];
}) {
  const deleteNotification = useDeleteServiceNotification();
  const [editing, setEditing] = useState<ServiceNotification | null>(null);
  const [formOpened, setFormOpened] = useState(false);

  const openForm = (notification: ServiceNotification | null) => {
    setEditing(notification);
    setFormOpened(true);
  };

  const confirmDelete = (notification: ServiceNotification) =>
    modals.openConfirmModal({
      title: 'Eliminar notificación',
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar la notificación <b>{notification.subject}</b> del día {notification.day}?
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteNotification.mutate(
          { serviceId, id: notification.id },
          {
            onSuccess: () => notifySuccess(servicesMsg.notificationDeleted),
            onError: () => notifyError(servicesMsg.notificationDeleteFailed),
          },
        ),
    });

  return (
    <Section
      title="Creación de notificaciones"
      actions={
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => openForm(null)}>
          Nueva notificación
        </Button>
      }
    >
      <ListTable
        emptyHeight={120}
        noRecordsText="Este servicio aún no tiene notificaciones"
        records={notifications}
        columns={[
          { accessor: 'day', title: 'Día', width: 70 },
          { accessor: 'subject', title: 'Asunto' },
          {
            accessor: 'message',
            title: 'Mensaje',
            render: (notification) => (
              <Text size="sm" lineClamp={2} maw={420} style={{ whiteSpace: 'pre-line' }}>
                {notification.message}
              </Text>
            ),
          },
          {
            accessor: 'actions',
            title: 'Acciones',
            textAlign: 'right',
            render: (notification) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Editar notificación ${notification.subject}`}
                  onClick={() => openForm(notification)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Eliminar notificación ${notification.subject}`}
                  onClick={() => confirmDelete(notification)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <NotificationFormModal
        serviceId={serviceId}
        opened={formOpened}
        notification={editing}
        onClose={() => setFormOpened(false)}
      />
    </Section>
  );
}
