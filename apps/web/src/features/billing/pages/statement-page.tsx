import { can } from '@app/shared/permissions';
import { Button, Group, Stack } from '@mantine/core';
import { IconCash, IconFileDownload, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useApplyCredit } from '../../../api/billing/payments';
import { useDownloadStatementPdf, useStatement } from '../../../api/billing/statement';
import { PageFallback } from '../../../components/page-fallback';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/dates';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { PaymentFormModal } from '../components/payments/payment-form-modal';
import {
  OpenCharges,
  StatementMovements,
  StatementReceipts,
  StatementTotals,
  TransferDetails,
} from '../components/statement/statement-view';

/**
 * /cobranza/empresa/:businessId (owners): a company's account statement, its PDF, 'Registrar pago',
 * and 'Aplicar saldo a favor' while the company holds credit and has open charges (credit is
 * applied by every write that opens a charge, so this is seldom needed; it says what it did).
 */
export function StatementPage() {
  const businessId = Number(useParams().businessId);
  const user = useCurrentUser();
  const statement = useStatement(businessId);
  const pdf = useDownloadStatementPdf();
  const applyCredit = useApplyCredit();
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
  const mayManage = can(user, 'billing:manage');
  const creditToApply = mayManage && data.totals.credit > 0 && data.totals.open > 0;
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
            {creditToApply && (
              <Button
                variant="default"
                leftSection={<IconReceiptRefund size={16} aria-hidden />}
                loading={applyCredit.isPending}
                onClick={() =>
                  applyCredit.mutate(businessId, {
                    onSuccess: ({ message, applied }) =>
                      applied > 0 ? notifySuccess(message) : notifyWarning(message, 'Saldo a favor'),
                    onError: (error) => notifyError(error),
                  })
                }
              >
                Aplicar saldo a favor
              </Button>
            )}
            {mayManage && (
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
