import { DOCUMENT_TYPE_LABELS, formatUfValue } from '@app/shared/billing';
import type { FeeTerms } from '@app/shared/schemas/billing';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../lib/dates';
import { monthTextLabel } from '../../utils/billing-month';
import { StatusBadge } from '../status-badge';
import { agreedAmountShown } from './fee-amount';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The terms in force this month: amount (with its pesos at the latest UF value), document, dates and contacts. */
export function FeeTermsSummary({ terms, uf }: { terms: FeeTerms; uf: { value: number; date: string } | null }) {
  const amount = agreedAmountShown(terms.currency, terms.amount, uf?.value ?? null);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm" data-testid="honorarios-vigentes">
      <Item label="Monto">
        <Text fw={600} span>
          {amount}
        </Text>
        {terms.currency === 'UF' && (
          <Text size="xs" c="dimmed">
            {uf ? `UF del ${formatDate(uf.date)}: ${formatUfValue(uf.value)}` : 'Sin valor de la UF de este mes'}
          </Text>
        )}
      </Item>
      <Item label="Documento">{DOCUMENT_TYPE_LABELS[terms.documentType]}</Item>
      <Item label="Día de facturación">{`Día ${terms.billingDay}`}</Item>
      <Item label="Plazo de pago">{terms.paymentTermDays === 1 ? '1 día' : `${terms.paymentTermDays} días`}</Item>
      <Item label="Vigentes desde">{monthTextLabel(terms.effectiveFrom)}</Item>
      <Item label="Último mes a facturar">{terms.toMonth ? monthTextLabel(terms.toMonth) : 'Sin término'}</Item>
      <Item label="Estado">
        <StatusBadge color={terms.active ? 'green' : 'gray'}>{terms.active ? 'Activo' : 'Inactivo'}</StatusBadge>
      </Item>
      <Item label={terms.ownContacts ? 'Correos de cobro' : 'Correos de cobro (contactos de la empresa)'}>
        {terms.contacts.join(', ') || 'Sin correos'}
      </Item>
    </SimpleGrid>
  );
}
