import { can } from '@app/shared/permissions';
import { Button, Group, Stack } from '@mantine/core';
import { IconCash, IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useDownloadStatementPdf, useStatement } from '../../../api/billing/statement';
import { PageFallback } from '../../../components/page-fallback';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/dates';
import { notifyError } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { PaymentFormModal } from '../components/payments/payment-form-modal';
import {
  OpenCharges,
  StatementMovements,
  StatementReceipts,
  StatementTotals,
  TransferDetails,
} from '../components/statement/statement-view';

/** /cobranza/empresa/:businessId (owners): a company's account statement, its PDF and 'Registrar pago'. */
export function StatementPage() {
  const businessId = Number(useParams().businessId);
  const user = useCurrentUser();
  const statement = useStatement(businessId);
  const pdf = useDownloadStatementPdf();
  const [paying, setPaying] = useState(false);
  const crumbs = [
    { label: 'Inicio', to: '/' },
    { label: 'Cobranza', to: '/cobranza?vista=saldos' },
    { label: statement.data?.business.name ?? '…' },
  ];
  if (!statement.data) {
    return (
      <PageFallback
        title="Estado de cuenta"
        crumbs={crumbs}
        query={statement}
        errorTitle="No se pudo cargar el estado de cuenta"
        back={{ to: '/cobranza?vista=saldos', label: 'Volver a Cobranza' }}
      />
    );
  }
  const data = statement.data;
  return (
    <>
      <PageHeader
        title={`Estado de cuenta: ${data.business.name}`}
        tabTitle="Estado de cuenta"
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileDownload size={16} aria-hidden />}
              loading={pdf.isPending}
              onClick={() => pdf.mutate(businessId, { onError: (error) => notifyError(error) })}
            >
              Descargar PDF
            </Button>
            {can(user, 'billing:manage') && (
              <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setPaying(true)}>
                Registrar pago
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="lg">
        <div>{`${data.business.razonSocial} · ${data.business.rut} · al ${formatDate(data.asOf)}`}</div>
        <StatementTotals statement={data} />
        <OpenCharges statement={data} />
        <StatementMovements statement={data} />
        <StatementReceipts statement={data} />
        <TransferDetails statement={data} />
      </Stack>
      <PaymentFormModal
        business={{ id: businessId, name: data.business.name }}
        opened={paying}
        onClose={() => setPaying(false)}
      />
    </>
  );
}
