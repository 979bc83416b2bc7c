import { formatMoney } from '@app/shared/money';
import type { Statement } from '@app/shared/schemas/billing-collections';
import { Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate } from '../../../../lib/dates';
import { StatusBadge } from '../status-badge';

const RECEIPT_COLORS: Record<string, string> = {
  to_confirm: 'yellow',
  rejected: 'red',
  confirmed: 'green',
  reversed: 'gray',
};

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 600} size={strong ? 'lg' : 'md'}>
        {value}
      </Text>
    </Paper>
  );
}

/** The balance: negative is credit in the company's favour. */
const balanceText = (balance: number) => (balance < 0 ? `${formatMoney(-balance)} a favor` : formatMoney(balance));

/** What the company owes: balance, overdue and credit. */
export function StatementTotals({ statement }: { statement: Statement }) {
  const { totals } = statement;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="totales-estado-de-cuenta">
      <Amount label="Saldo pendiente" value={balanceText(totals.balance)} strong />
      <Amount label="Vencido" value={formatMoney(totals.overdue)} />
      <Amount label="Pagado" value={formatMoney(totals.paid)} />
      <Amount label="Saldo a favor" value={formatMoney(totals.credit)} />
    </SimpleGrid>
  );
}

/** The open charges, one card each (readable on a phone): what is left to pay and by when. */
export function OpenCharges({ statement }: { statement: Statement }) {
  const open = statement.charges.filter((charge) => charge.open > 0);
  return (
    <Stack gap="xs" component="section" aria-labelledby="cobros-pendientes">
      <Title order={3} size="h5" id="cobros-pendientes">
        Cobros pendientes
      </Title>
      {open.length === 0 ? (
        <Text size="sm" c="dimmed">
          No hay cobros pendientes.
        </Text>
      ) : (
        open.map((charge) => (
          <Paper withBorder p="sm" key={charge.id} data-testid="cobro-pendiente">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {charge.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {`Vence ${formatDate(charge.dueDate)}${charge.folio ? ` · Folio ${charge.folio}` : ''}`}
                </Text>
                {charge.daysOverdue > 0 && (
                  <Text size="xs" c="red.9">
                    {`${charge.daysOverdue} ${charge.daysOverdue === 1 ? 'día' : 'días'} de atraso`}
                  </Text>
                )}
                {charge.paid > 0 && (
                  <Text size="xs">{`Pagado ${formatMoney(charge.paid)} de ${formatMoney(charge.total ?? 0)}`}</Text>
                )}
              </Stack>
              <Stack gap={4} align="flex-end">
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(charge.open)}
                </Text>
                {charge.bucket && charge.bucket !== 'current' ? (
                  <StatusBadge color="red">Vencido</StatusBadge>
                ) : (
                  <StatusBadge color="blue">Al día</StatusBadge>
                )}
              </Stack>
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}

/** Every charge, void and payment in order, with the balance after each. */
export function StatementMovements({ statement }: { statement: Statement }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="movimientos">
      <Title order={3} size="h5" id="movimientos">
        Movimientos
      </Title>
      {statement.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin movimientos.
        </Text>
      ) : (
        // No sideways scrolling on a phone: the movement's text wraps, dates and amounts do not.
        <Table striped verticalSpacing={6} horizontalSpacing={6} fz="sm" aria-label="Movimientos de la cuenta">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Movimiento</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th ta="right">Saldo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statement.lines.map((line) => (
              // A charge or payment appears once as itself and at most once as its void or reversal.
              <Table.Tr key={`${line.kind}-${line.chargeId ?? ''}-${line.paymentId ?? ''}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</Table.Td>
                <Table.Td>{line.text}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {line.debit > 0 ? formatMoney(line.debit) : `−${formatMoney(line.credit)}`}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {balanceText(line.balance)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Receipts the client sent that are not applied: waiting for the firm, or rejected with the reason. */
export function StatementReceipts({ statement }: { statement: Statement }) {
  if (statement.receipts.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="comprobantes-enviados">
      <Title order={3} size="h5" id="comprobantes-enviados">
        Comprobantes enviados
      </Title>
      {statement.receipts.map((receipt) => (
        <Group key={receipt.id} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">{`${formatDate(receipt.date)} · ${formatMoney(receipt.amount)}${receipt.reason ? ` · ${receipt.reason}` : ''}`}</Text>
          <StatusBadge color={RECEIPT_COLORS[receipt.status] ?? 'gray'}>{receipt.statusText}</StatusBadge>
        </Group>
      ))}
    </Stack>
  );
}

/** Where to transfer, as the firm typed it; nothing until it has. */
export function TransferDetails({ statement }: { statement: Statement }) {
  const transfer = statement.transfer;
  if (!transfer) return null;
  const rows: [string, string][] = [
    ['Banco', transfer.bank],
    ['Tipo de cuenta', transfer.accountType],
    ['Número de cuenta', transfer.accountNumber],
    ['Titular', transfer.holder],
    ['RUT', transfer.rut],
    ['Enviar comprobante a', transfer.receiptEmail],
  ];
  return (
    <Card withBorder component="section" aria-labelledby="datos-para-transferir" p="sm">
      <Title order={3} size="h5" id="datos-para-transferir" mb="xs">
        Datos para transferir
      </Title>
      <Stack gap={2}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed" w={150} style={{ flex: 'none' }}>
                {label}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Group>
          ))}
      </Stack>
    </Card>
  );
}
