import { PAYMENT_METHOD_LABELS } from '@app/shared/billing';
import { formatMoney } from '@app/shared/money';
import type { PaymentView } from '@app/shared/schemas/billing-collections';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useConfirmReceipt,
  useDownloadReceipt,
  usePayments,
  useRejectReceipt,
  useReversePayment,
} from '../../../../api/billing/payments';
import { ListTable } from '../../../../components/list-table';
import { formatDate } from '../../../../lib/dates';
import { notifyError, notifyOutcome } from '../../../../lib/notify';
import { StatusBadge } from '../status-badge';
import { PaymentFormModal } from './payment-form-modal';
import { ReasonModal } from './reason-modal';

const STATUS_COLORS: Record<PaymentView['status'], string> = {
  confirmed: 'green',
  to_confirm: 'yellow',
  reversed: 'gray',
  rejected: 'red',
};
const SOURCE_LABELS: Record<PaymentView['source'], string> = {
  manual: 'Registrado',
  cartola: 'Cartola',
  client_receipt: 'Comprobante del cliente',
};

/** 'Pagos': the receipts clients sent to confirm or reject, then every payment, each reversible with a reason. */
export function PaymentsTab({ mayChange }: { mayChange: boolean }) {
  const payments = usePayments();
  const confirm = useConfirmReceipt();
  const reject = useRejectReceipt();
  const reverse = useReversePayment();
  const receipt = useDownloadReceipt();
  const [creating, setCreating] = useState(false);
  const [asking, setAsking] = useState<{ kind: 'reverse' | 'reject'; payment: PaymentView } | null>(null);
  const all = payments.data ?? [];
  const toConfirm = all.filter((payment) => payment.status === 'to_confirm');

  const columns = [
    { accessor: 'date', title: 'Fecha', noWrap: true, render: (payment: PaymentView) => formatDate(payment.date) },
    { accessor: 'businessName', title: 'Empresa' },
    {
      accessor: 'amount',
      title: 'Monto',
      textAlign: 'right' as const,
      noWrap: true,
      render: (payment: PaymentView) => formatMoney(payment.amount),
    },
    {
      accessor: 'method',
      title: 'Medio',
      render: (payment: PaymentView) => (
        <Stack gap={0}>
          <Text size="sm">{PAYMENT_METHOD_LABELS[payment.method]}</Text>
          <Text size="xs" c="dimmed">
            {[SOURCE_LABELS[payment.source], payment.reference].filter(Boolean).join(' · ')}
          </Text>
          {payment.note && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{`Nota: ${payment.note}`}</Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'applied',
      title: 'Aplicado',
      render: (payment: PaymentView) => (
        <Stack gap={0}>
          {payment.allocations
            .filter((allocation) => !allocation.released)
            .map((allocation) => (
              <Text
                size="xs"
                key={allocation.chargeId}
              >{`${allocation.description}: ${formatMoney(allocation.amount)}`}</Text>
            ))}
          {payment.credit > 0 && <Text size="xs">{`Saldo a favor: ${formatMoney(payment.credit)}`}</Text>}
          {payment.reason && <Text size="xs" c="dimmed">{`Motivo: ${payment.reason}`}</Text>}
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: 'Estado',
      noWrap: true,
      render: (payment: PaymentView) => (
        <StatusBadge color={STATUS_COLORS[payment.status]}>{payment.statusText}</StatusBadge>
      ),
    },
  ];

  const actions = (payment: PaymentView) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {payment.hasReceipt && (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Ver comprobante de ${payment.businessName}`}
          onClick={() => receipt.mutate(payment.id, { onError: (error) => notifyError(error) })}
        >
          Comprobante
        </Button>
      )}
      {mayChange && payment.status === 'to_confirm' && (
        <>
          <Button
            size="compact-sm"
            aria-label={`Confirmar comprobante de ${payment.businessName}`}
            loading={confirm.isPending && confirm.variables?.id === payment.id}
            onClick={() => confirm.mutate({ id: payment.id }, notifyOutcome)}
          >
            Confirmar
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Rechazar comprobante de ${payment.businessName}`}
            onClick={() => setAsking({ kind: 'reject', payment })}
          >
            Rechazar
          </Button>
        </>
      )}
      {mayChange && payment.status === 'confirmed' && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Reversar pago de ${payment.businessName} del ${formatDate(payment.date)}`}
          onClick={() => setAsking({ kind: 'reverse', payment })}
        >
          Reversar
        </Button>
      )}
    </Group>
  );

  return (
    <Stack>
      {mayChange && (
        <Group>
          <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Registrar pago
          </Button>
        </Group>
      )}
      <Title order={2} size="h4">
        Comprobantes por confirmar
      </Title>
      <ListTable
        aria-label="Comprobantes por confirmar"
        emptyHeight={120}
        query={payments}
        errorText="No se pudieron cargar los pagos"
        noRecordsText="No hay comprobantes por confirmar"
        records={toConfirm}
        columns={columns}
        actions={actions}
      />
      <Title order={2} size="h4">
        Pagos
      </Title>
      <ListTable
        aria-label="Pagos"
        query={payments}
        errorText="No se pudieron cargar los pagos"
        noRecordsText="Sin pagos registrados"
        records={all.filter((payment) => payment.status !== 'to_confirm')}
        columns={columns}
        actions={actions}
      />
      <PaymentFormModal business={null} opened={creating} onClose={() => setCreating(false)} />
      <ReasonModal
        title={asking?.kind === 'reject' ? 'Rechazar comprobante' : 'Reversar pago'}
        summary={
          asking
            ? `${asking.payment.businessName}: ${formatMoney(asking.payment.amount)} del ${formatDate(asking.payment.date)}. ${asking.kind === 'reverse' ? 'Lo que pagaba vuelve a quedar pendiente; el pago queda con su motivo.' : ''}`
            : ''
        }
        label={asking?.kind === 'reject' ? 'Motivo del rechazo' : 'Motivo de la reversa'}
        requiredMessage={
          asking?.kind === 'reject' ? 'Indique el motivo del rechazo' : 'Indique el motivo de la reversa'
        }
        confirmLabel={asking?.kind === 'reject' ? 'Rechazar' : 'Reversar pago'}
        opened={asking !== null}
        pending={reverse.isPending || reject.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(reason) =>
          asking?.kind === 'reject'
            ? reject.mutateAsync({ id: asking.payment.id, reason }, notifyOutcome)
            : reverse.mutateAsync({ id: asking?.payment.id ?? 0, reason }, notifyOutcome)
        }
      />
    </Stack>
  );
}
