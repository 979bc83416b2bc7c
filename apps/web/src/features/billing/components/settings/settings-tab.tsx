import { can } from '@app/shared/permissions';
import type { BillingSettings } from '@app/shared/schemas/billing-collections';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ComponentType, Suspense, useEffect } from 'react';
import { useBillingSettings, useSaveBillingSettings } from '../../../../api/billing/settings';
import { LoadError } from '../../../../components/load-error';
import { WarningAlert } from '../../../../components/warning-alert';
import { useCurrentUser } from '../../../../lib/session';
import { submitAndNotify } from '../../../../lib/submit-and-notify';
import { showBillingErrors } from '../../utils/server-errors';
import { FirmIdentityCard } from './firm-identity-card';

interface SettingsValues {
  bank: string;
  accountType: string;
  accountNumber: string;
  holder: string;
  rut: string;
  receiptEmail: string;
  reminderOffsets: string;
  remindersEnabled: boolean;
}

const valuesOf = (settings: BillingSettings | undefined): SettingsValues => ({
  bank: settings?.bank ?? '',
  accountType: settings?.accountType ?? '',
  accountNumber: settings?.accountNumber ?? '',
  holder: settings?.holder ?? '',
  rut: settings?.rut ?? '',
  receiptEmail: settings?.receiptEmail ?? '',
  reminderOffsets: (settings?.reminderOffsets ?? []).join(', '),
  remindersEnabled: settings?.remindersEnabled ?? false,
});

const OFFSETS_MESSAGE = 'Escriba días respecto del vencimiento separados por coma, por ejemplo -3, 0, 7, 15';

/** '-3, 0, 7' as days; null when a part is not a whole number. */
function readOffsets(text: string): number[] | null {
  const parts = text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.every((part) => /^[-+]?\d{1,3}$/.test(part))) return null;
  return parts.map(Number);
}

/** What a reminder step means: '3 días antes', 'el día del vencimiento', '7 días después'. */
const stepText = (offset: number) =>
  offset === 0
    ? 'el día del vencimiento'
    : `${Math.abs(offset)} ${Math.abs(offset) === 1 ? 'día' : 'días'} ${offset < 0 ? 'antes' : 'después'}`;

/**
 * 'Configuración': the firm's identity and its monthly report's e-mail day ('Datos del estudio'), the
 * card the app hands in (WhatsApp's), where clients transfer, where receipts go, and the reminders of
 * unpaid charges.
 */
export function SettingsTab({ mayChange, Extra }: { mayChange: boolean; Extra?: ComponentType }) {
  const mayChangeFirm = can(useCurrentUser(), 'settings:manage');
  const settings = useBillingSettings();
  const save = useSaveBillingSettings();
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(undefined),
    validate: { reminderOffsets: (value) => (readOffsets(value) ? null : OFFSETS_MESSAGE) },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again when the saved settings change
  useEffect(() => {
    if (!settings.data) return;
    form.setValues(valuesOf(settings.data));
    form.resetDirty();
  }, [settings.data]);

  if (settings.isError) return <LoadError title="No se pudo cargar la configuración" query={settings} />;
  const offsets = readOffsets(form.values.reminderOffsets) ?? [];
  const submit = form.onSubmit((values) =>
    submitAndNotify(
      form,
      () =>
        save.mutateAsync({
          bank: values.bank,
          accountType: values.accountType,
          accountNumber: values.accountNumber,
          holder: values.holder,
          rut: values.rut,
          receiptEmail: values.receiptEmail,
          reminderOffsets: readOffsets(values.reminderOffsets) ?? [],
          remindersEnabled: values.remindersEnabled,
        }),
      { onError: (error) => showBillingErrors(form, error) },
    ),
  );

  return (
    <Stack>
      <FirmIdentityCard mayChange={mayChangeFirm} />
      {Extra && (
        <Suspense fallback={null}>
          <Extra />
        </Suspense>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <Card withBorder component="section" aria-labelledby="datos-transferencia">
            <Title order={2} size="h4" id="datos-transferencia" mb="sm">
              Datos para transferir
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Los clientes los ven en su estado de cuenta y en los recordatorios.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Banco" maxLength={100} disabled={!mayChange} {...form.getInputProps('bank')} />
              <TextInput
                label="Tipo de cuenta"
                maxLength={50}
                disabled={!mayChange}
                {...form.getInputProps('accountType')}
              />
              <TextInput
                label="Número de cuenta"
                maxLength={50}
                disabled={!mayChange}
                {...form.getInputProps('accountNumber')}
              />
              <TextInput label="Titular" maxLength={200} disabled={!mayChange} {...form.getInputProps('holder')} />
              <TextInput label="RUT del titular" maxLength={30} disabled={!mayChange} {...form.getInputProps('rut')} />
              <TextInput
                label="Correo para comprobantes"
                type="email"
                maxLength={254}
                disabled={!mayChange}
                {...form.getInputProps('receiptEmail')}
              />
            </SimpleGrid>
          </Card>
          <Card withBorder component="section" aria-labelledby="recordatorios">
            <Title order={2} size="h4" id="recordatorios" mb="sm">
              Recordatorios de cobro
            </Title>
            {settings.data && !settings.data.mailConfigured && (
              <WarningAlert title="Correo no configurado" mb="sm">
                Los recordatorios se guardarán en la bandeja local del servidor: no le llegarán a nadie hasta configurar
                el correo.
              </WarningAlert>
            )}
            <Stack>
              <Switch
                label="Enviar recordatorios de cobros impagos"
                disabled={!mayChange}
                {...form.getInputProps('remindersEnabled', { type: 'checkbox' })}
              />
              <TextInput
                label="Días respecto del vencimiento"
                description="Negativo: antes del vencimiento; 0: ese día. Por ejemplo -3, 0, 7, 15"
                disabled={!mayChange}
                {...form.getInputProps('reminderOffsets')}
              />
              {offsets.length > 0 && (
                <Text size="sm">{`Se enviarán: ${[...offsets]
                  .sort((a, b) => a - b)
                  .map(stepText)
                  .join('; ')}.`}</Text>
              )}
              <Text size="sm" c="dimmed">
                Para detener los recordatorios de una empresa, usa su menú en la pestaña Saldos.
              </Text>
            </Stack>
          </Card>
          {mayChange && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Guardar configuración
              </Button>
            </Group>
          )}
          {settings.data?.updatedAt === null && (
            <Alert color="gray">Aún no se ha guardado la configuración de cobranza.</Alert>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
