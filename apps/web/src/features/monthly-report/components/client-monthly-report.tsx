import { can } from '@app/shared/permissions';
import { Card, Group, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../../lib/session';
import { MonthlyReportButton } from './monthly-report-button';

/** On a client's Home ('report:own'): their own company's monthly report, any month up to the current one. */
export function ClientMonthlyReport() {
  const user = useCurrentUser();
  if (!can(user, 'report:own') || user.businessId === null) return null;
  return (
    <Card withBorder component="section" aria-labelledby="informe-mensual" p="sm">
      <Group justify="space-between" gap="xs">
        <div>
          <Title order={2} size="h4" id="informe-mensual">
            Informe mensual
          </Title>
          <Text size="sm" c="dimmed">
            Tus servicios del mes, sus vencimientos, documentos y solicitudes pendientes.
          </Text>
        </div>
        <MonthlyReportButton businessId={user.businessId} />
      </Group>
    </Card>
  );
}
