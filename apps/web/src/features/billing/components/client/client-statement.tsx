import { can } from '@app/shared/permissions';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useDownloadStatementPdf, useStatement } from '../../../../api/billing/statement';
import { LoadError } from '../../../../components/load-error';
import { notifyError } from '../../../../lib/notify';
import { useCurrentUser } from '../../../../lib/session';
import {
  OpenCharges,
  StatementMovements,
  StatementReceipts,
  StatementTotals,
  TransferDetails,
} from '../statement/statement-view';
import { ReceiptForm } from './receipt-form';

/**
 * The client's 'Estado de cuenta' on their Home ('billing:own'): balance, open charges, payments,
 * where to transfer, the PDF and 'Enviar comprobante'. Nothing for a company the firm never billed.
 */
export function ClientStatement() {
  const user = useCurrentUser();
  const mayView = can(user, 'billing:own') && user.businessId !== null;
  const statement = useStatement(mayView ? user.businessId : null);
  const pdf = useDownloadStatementPdf();
  if (!mayView) return null;
  if (statement.isError) return <LoadError title="No se pudo cargar tu estado de cuenta" query={statement} />;
  const data = statement.data;
  if (!data || (data.charges.length === 0 && data.lines.length === 0)) return null;
  return (
    <Card withBorder component="section" aria-labelledby="estado-de-cuenta" p="sm">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="estado-de-cuenta">
            Estado de cuenta
          </Title>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconFileDownload size={16} aria-hidden />}
            loading={pdf.isPending}
            onClick={() => pdf.mutate(data.business.id, { onError: (error) => notifyError(error) })}
          >
            Descargar PDF
          </Button>
        </Group>
        <StatementTotals statement={data} />
        <OpenCharges statement={data} />
        <TransferDetails statement={data} />
        <ReceiptForm />
        <StatementReceipts statement={data} />
        <StatementMovements statement={data} />
      </Stack>
    </Card>
  );
}
