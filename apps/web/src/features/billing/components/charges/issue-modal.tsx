import { DTE_TYPE_LABELS } from '@app/shared/billing';
import { billingMsg } from '@app/shared/messages-billing';
import type { Charge } from '@app/shared/schemas/billing';
import { Alert, Button, Group, Modal, NumberInput, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIssueCharges } from '../../../../api/billing/charges';
import { ApiRequestError } from '../../../../lib/api-client';
import { notifySuccess } from '../../../../lib/notify';
import { dteOf, moneyOrDash } from './charge-format';

type Folios = Record<number, number | string>;

/** The refused items of a bulk issue, by charge: the server's `itemErrors`. */
function itemErrorsOf(error: unknown): Record<number, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const items = error.details.itemErrors;
  if (!Array.isArray(items)) return {};
  return Object.fromEntries(
    items.map((item: { chargeId: number; message: string }) => [item.chargeId, item.message] as const),
  );
}

/**
 * 'Marcar emitido', of one charge or of the selected ones: each with the DTE type its document is
 * issued as and the folio the invoicing tool gave it. All are marked or none; a refusal names each
 * charge's reason on its row. 'Numerar desde' fills consecutive folios.
 */
export function IssueModal({
  charges,
  opened,
  onClose,
  onIssued,
}: {
  charges: Charge[];
  opened: boolean;
  onClose: () => void;
  onIssued: () => void;
}) {
  const issue = useIssueCharges();
  const [folios, setFolios] = useState<Folios>({});
  const [first, setFirst] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFolios({});
    setFirst('');
    setErrors({});
    setMessage(null);
  }, [opened]);

  const fillFrom = () => {
    if (typeof first !== 'number') return;
    setFolios(Object.fromEntries(charges.map((charge, index) => [charge.id, first + index])));
  };

  const submit = () => {
    const missing = Object.fromEntries(
      charges
        .filter((charge) => typeof folios[charge.id] !== 'number')
        .map((charge) => [charge.id, billingMsg.invalidFolio] as const),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    issue.mutate(
      {
        items: charges.map((charge) => ({
          chargeId: charge.id,
          dteType: dteOf(charge),
          folio: Number(folios[charge.id]),
        })),
      },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          onIssued();
          onClose();
        },
        onError: (error) => {
          setErrors(itemErrorsOf(error));
          setMessage(error.message);
        },
      },
    );
  };

  const many = charges.length > 1;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={many ? `Marcar emitidos (${charges.length})` : 'Marcar emitido'}
      size="xl"
    >
      <Stack>
        {many && (
          <Group align="flex-end">
            <NumberInput
              label="Numerar desde el folio"
              min={1}
              allowDecimal={false}
              value={first}
              onChange={setFirst}
              w={200}
            />
            <Button variant="default" onClick={fillFrom} disabled={typeof first !== 'number'}>
              Completar folios
            </Button>
          </Group>
        )}
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <ScrollArea.Autosize mah={420} type="auto">
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Empresa</Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Folio</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {charges.map((charge) => (
                <Table.Tr key={charge.id}>
                  <Table.Td>
                    <Text size="sm">{charge.businessName}</Text>
                    <Text size="xs" c="dimmed">
                      {charge.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{DTE_TYPE_LABELS[dteOf(charge)]}</Table.Td>
                  <Table.Td ta="right">{moneyOrDash(charge.total)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Folio de ${charge.businessName}`}
                      min={1}
                      allowDecimal={false}
                      hideControls
                      w={130}
                      value={folios[charge.id] ?? ''}
                      onChange={(value) => setFolios((current) => ({ ...current, [charge.id]: value }))}
                      error={errors[charge.id]}
                      data-autofocus={charge === charges[0] || undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={issue.isPending}>
            {many ? `Marcar ${charges.length} emitidos` : 'Marcar emitido'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
