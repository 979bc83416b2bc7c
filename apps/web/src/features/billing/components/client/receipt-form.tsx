import { billingMsg } from '@app/shared/messages-billing';
import { parseMoney } from '@app/shared/money';
import { RECEIPT_NOTE_MAX } from '@app/shared/schemas/billing-collections';
import { Button, Card, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { DropzoneProps } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useSendReceipt } from '../../../../api/billing/payments';
import { DateField } from '../../../../components/date-field';
import { FileDropzone } from '../../../../components/file-dropzone';
import { today } from '../../../../lib/dates';
import { notifyError, notifySuccess } from '../../../../lib/notify';

const RECEIPT_ACCEPT: DropzoneProps['accept'] = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};

const RECEIPT_TEXTS = {
  hint: 'Arrastra aquí el comprobante',
  choose: 'Elegir comprobante',
  accepted: 'PDF, JPG o PNG (una foto del comprobante sirve)',
  notAccepted: (names: string) => `El comprobante debe ser un PDF, JPG o PNG: ${names}`,
};

/** 'Enviar comprobante': the client's transfer receipt with the amount and date paid; it waits for the firm to confirm it. */
export function ReceiptForm() {
  const send = useSendReceipt();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { amount: '', date: today() as string | null, note: '' },
    validate: {
      amount: (value) => {
        const parsed = parseMoney(value);
        if (!parsed.success) return parsed.error;
        return parsed.value > 0 ? null : billingMsg.paymentAmountPositive;
      },
      date: (value) => (value ? null : 'Indique la fecha del pago'),
    },
  });
  const submit = form.onSubmit((values) => {
    if (!file) {
      setFileError('Adjunta el comprobante (PDF, JPG o PNG)');
      return;
    }
    send.mutate(
      { file, amount: values.amount, date: values.date ?? '', note: values.note.trim() },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          setFile(null);
          form.reset();
        },
        onError: (error) => {
          setFileError(error.message);
          notifyError(error);
        },
      },
    );
  });
  return (
    <Card withBorder component="section" aria-labelledby="enviar-comprobante" p="sm">
      <Title order={3} size="h5" id="enviar-comprobante" mb="xs">
        Enviar comprobante de pago
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Monto pagado"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              leftSection="$"
              {...form.getInputProps('amount')}
            />
            <DateField label="Fecha del pago" withAsterisk maxDate={today()} {...form.getInputProps('date')} />
          </SimpleGrid>
          <Textarea
            label="Nota para el estudio"
            description="Opcional: por ejemplo, qué cobro paga o desde qué cuenta"
            autosize
            minRows={2}
            maxLength={RECEIPT_NOTE_MAX}
            {...form.getInputProps('note')}
          />
          <FileDropzone
            onFiles={([chosen]) => {
              setFile(chosen ?? null);
              setFileError(null);
            }}
            accept={RECEIPT_ACCEPT}
            multiple={false}
            texts={RECEIPT_TEXTS}
            loading={send.isPending}
            error={fileError}
          />
          {file && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {`Comprobante: ${file.name}`}
            </Text>
          )}
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending} h={44}>
            Enviar comprobante
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
