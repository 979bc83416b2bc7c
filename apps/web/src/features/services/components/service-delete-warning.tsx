import { Alert, List, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useServiceBusinesses } from '../../../api/business-services/get-service-businesses';

/** Body of the '¿Estás Seguro?' modal: the companies that have the service and the warning. */
export function ServiceDeleteWarning({ serviceId, serviceName }: { serviceId: number; serviceName: string }) {
  const businesses = useServiceBusinesses(serviceId);
  return (
    <Stack gap="sm">
      <Text size="sm">
        Vas a eliminar el servicio <b>{serviceName}</b>.
      </Text>
      {businesses.isLoading ? (
        <Loader size="sm" role="status" aria-label="Cargando empresas" />
      ) : businesses.isError ? (
        <Text size="sm" c="red">
          No se pudieron cargar las empresas que tienen el servicio.
        </Text>
      ) : businesses.data?.length ? (
        <div>
          <Text size="sm" fw={500}>
            Empresas que tienen este servicio ({businesses.data.length}):
          </Text>
          <List
            size="sm"
            mah={200}
            style={{ overflowY: 'auto' }}
            aria-label="Empresas que tienen este servicio"
            // A scrolling list must be reachable by keyboard to be scrolled.
            tabIndex={0}
          >
            {businesses.data.map((business) => (
              <List.Item key={business.id}>
                {business.name} ({business.rut})
              </List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Text size="sm">Ninguna empresa tiene este servicio.</Text>
      )}
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        Esta acción es irreversible: se eliminarán las carpetas, los documentos, los estados de avance y todos los datos
        relacionados con este servicio.
      </Alert>
    </Stack>
  );
}
