import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '@app/shared/billing';
import { Group, NativeSelect, Radio, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

/**
 * What a fee and an extra charge both agree: the currency, the amount in it and the document it is
 * invoiced with. `children` joins the amount's grid (the fee's billing day and term).
 */
export function AgreedAmountFields({
  currency,
  amount,
  documentType,
  children,
}: {
  currency: GetInputPropsReturnType;
  amount: GetInputPropsReturnType;
  documentType: GetInputPropsReturnType;
  children?: ReactNode;
}) {
  const isUf = currency.value === 'UF';
  return (
    <>
      <Radio.Group label="Moneda" withAsterisk {...currency}>
        <Group mt={6}>
          <Radio value="CLP" label="Pesos (CLP)" />
          <Radio value="UF" label="UF" />
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={isUf ? 'Monto en UF' : 'Monto neto en pesos'}
          description={isUf ? 'Hasta dos decimales, con coma: 2,5' : 'Sin decimales: 150.000'}
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          leftSection={isUf ? undefined : '$'}
          rightSection={isUf ? 'UF' : undefined}
          {...amount}
        />
        <NativeSelect
          label="Documento"
          withAsterisk
          data={DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_LABELS[value] }))}
          {...documentType}
        />
        {children}
      </SimpleGrid>
    </>
  );
}
