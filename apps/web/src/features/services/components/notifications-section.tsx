import { servicesMsg } from '@app/shared/messages-services';
import type { ServiceNotification } from '@app/shared/schemas/services';
import { Text } from '@mantine/core';
import { useDeleteServiceNotification } from '../../../api/services/delete-service-notification';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { ListTable } from '../../../components/list-table';
import { NewButton } from '../../../components/new-button';
import { RowActions } from '../../../components/row-actions';
import { useEditModal } from '../../../components/use-edit-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { NotificationFormModal } from './notification-form-modal';
import { Section } from './section';

/** 'Creación de notificaciones' of the service detail: Día, Asunto, Mensaje, Acciones. */
export function NotificationsSection({
  serviceId,
  notifications,
}: {
  serviceId: number;
  notifications: ServiceNotification[];
}) {
  const deleteNotification = useDeleteServiceNotification();
  const { editing, opened: formOpened, open: openForm, close: closeForm } = useEditModal<ServiceNotification>();

  const confirmDelete = (notification: ServiceNotification) =>
    openDeleteConfirm({
      title: 'Eliminar notificación',
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar la notificación <b>{notification.subject}</b> del día {notification.day}?
        </Text>
      ),
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
        <NewButton size="xs" onClick={() => openForm(null)}>
          Nueva notificación
        </NewButton>
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
        ]}
        actions={(notification) => (
          <RowActions
            label={`notificación ${notification.subject}`}
            onEdit={() => openForm(notification)}
            onDelete={() => confirmDelete(notification)}
          />
        )}
      />
      <NotificationFormModal serviceId={serviceId} opened={formOpened} notification={editing} onClose={closeForm} />
    </Section>
  );
}
