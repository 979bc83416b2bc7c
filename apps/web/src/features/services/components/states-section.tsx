import { SERVICE_COLORS, type ServiceState } from '@app/shared/schemas/services';
import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useDeleteServiceState } from '../../../api/services/delete-service-state';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { ListTable } from '../../../components/list-table';
import { NewButton } from '../../../components/new-button';
import { RowActions } from '../../../components/row-actions';
import { useEditModal } from '../../../components/use-edit-modal';
import { notifyOutcome } from '../../../lib/notify';
import { Section } from './section';
import { StateFormModal } from './state-form-modal';

const colorName = (hex: string) =>
  SERVICE_COLORS.find((color) => color.hex.toLowerCase() === hex.toLowerCase())?.name ?? hex;

/** 'Estados del servicio' of the service detail: the table and its create/edit/delete modals. */
export function StatesSection({ serviceId, states }: { serviceId: number; states: ServiceState[] }) {
  const deleteState = useDeleteServiceState();
  const { editing, opened: formOpened, open: openForm, close: closeForm } = useEditModal<ServiceState>();

  const confirmDelete = (state: ServiceState) =>
    openDeleteConfirm({
      title: 'Eliminar estado',
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar el estado <b>{state.name}</b>? Esta acción no se puede deshacer.
        </Text>
      ),
      onConfirm: () => deleteState.mutate({ serviceId, id: state.id }, notifyOutcome),
    });

  const nextOrder = states.reduce((max, state) => Math.max(max, state.order + 1), 0);

  return (
    <Section
      title="Estados del servicio"
      actions={
        <NewButton size="xs" onClick={() => openForm(null)}>
          Nuevo estado
        </NewButton>
      }
    >
      <ListTable
        emptyHeight={120}
        noRecordsText="Este servicio aún no tiene estados"
        records={states}
        columns={[
          { accessor: 'name', title: 'Nombre' },
          {
            accessor: 'color',
            title: 'Color',
            render: (state) => (
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={state.color} size={18} aria-hidden />
                <Text size="sm">{colorName(state.color)}</Text>
              </Group>
            ),
          },
          { accessor: 'order', title: 'Orden' },
          { accessor: 'pctProgress', title: '% de progreso', render: (state) => `${state.pctProgress}%` },
          {
            accessor: 'flags',
            title: 'Opciones',
            render: (state) => (
              <Group gap={4} wrap="wrap">
                {state.hasValue && (
                  <Badge size="sm" variant="light" leftSection={<IconCheck size={12} />}>
                    Pide valor
                  </Badge>
                )}
                {state.showResume && (
                  <Badge size="sm" variant="light" color="grape" leftSection={<IconCheck size={12} />}>
                    En resumen
                  </Badge>
                )}
              </Group>
            ),
          },
        ]}
        actions={(state) => (
          <RowActions
            label={`estado ${state.name}`}
            onEdit={() => openForm(state)}
            onDelete={() => confirmDelete(state)}
          />
        )}
      />
      <StateFormModal
        serviceId={serviceId}
        opened={formOpened}
        state={editing}
        nextOrder={nextOrder}
        onClose={closeForm}
      />
    </Section>
  );
}
