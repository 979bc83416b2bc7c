import { FIRM_LOGO_MAX_KB, type FirmSettings, REPORT_DAY_MAX } from '@app/shared/schemas/monthly-report';
import {
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useFirmSettings, useRemoveFirmLogo, useSaveFirmSettings, useUploadFirmLogo } from '../../../../api/firm/firm';
import { LoadError } from '../../../../components/load-error';
import { WarningAlert } from '../../../../components/warning-alert';
import { apiFile } from '../../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { submitAndNotify } from '../../../../lib/submit-and-notify';

interface FirmValues {
  name: string;
  rut: string;
  address: string;
  /** 'off' (not e-mailed) or the day, as the select keeps it. */
  monthlyReportDay: string;
}

const valuesOf = (settings: FirmSettings | undefined): FirmValues => ({
  name: settings?.name ?? '',
  rut: settings?.rut ?? '',
  address: settings?.address ?? '',
  monthlyReportDay: settings?.monthlyReportDay ? String(settings.monthlyReportDay) : 'off',
});

const DAY_OPTIONS = [
  { value: 'off', label: 'No enviar' },
  ...Array.from({ length: REPORT_DAY_MAX }, (_, index) => ({ value: String(index + 1), label: `Día ${index + 1}` })),
];

/** The stored logo as an address the <img> can show (the API needs the session's header, so it is fetched here). */
function useLogoUrl(settings: FirmSettings | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const version = settings?.logo ? `${settings.logo.size}:${settings.updatedAt}` : null;
  useEffect(() => {
    if (!version) {
      setUrl(null);
      return;
    }
    let address: string | null = null;
    let cancelled = false;
    apiFile('/firm/logo', { fallbackName: 'logo' })
      .then((file) => {
        if (cancelled) return;
        address = URL.createObjectURL(file.blob);
        setUrl(address);
      })
      .catch(() => setUrl(null));
    return () => {
      cancelled = true;
      if (address) URL.revokeObjectURL(address);
    };
  }, [version]);
  return url;
}

/**
 * 'Datos del estudio': the firm's name, RUT, address and logo, which every account statement and
 * monthly report carries at the top, and the day the previous month's report is e-mailed to every
 * company (off by default). Owners change them ('settings:manage').
 */
export function FirmIdentityCard({ mayChange }: { mayChange: boolean }) {
  const settings = useFirmSettings();
  const save = useSaveFirmSettings();
  const upload = useUploadFirmLogo();
  const remove = useRemoveFirmLogo();
  const form = useForm<FirmValues>({ initialValues: valuesOf(undefined) });
  const logoUrl = useLogoUrl(settings.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again when the saved settings change
  useEffect(() => {
    if (!settings.data) return;
    form.setValues(valuesOf(settings.data));
    form.resetDirty();
  }, [settings.data]);

  if (settings.isError) return <LoadError title="No se pudieron cargar los datos del estudio" query={settings} />;
  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () =>
      save.mutateAsync({
        name: values.name,
        rut: values.rut,
        address: values.address,
        monthlyReportDay: values.monthlyReportDay === 'off' ? null : Number(values.monthlyReportDay),
      }),
    ),
  );
  const day = form.values.monthlyReportDay;

  return (
    <Card withBorder component="section" aria-labelledby="datos-estudio">
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={2} size="h4" id="datos-estudio">
              Datos del estudio
            </Title>
            <Text size="sm" c="dimmed">
              Encabezan los estados de cuenta y los informes mensuales.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nombre del estudio"
              maxLength={200}
              disabled={!mayChange}
              {...form.getInputProps('name')}
            />
            <TextInput label="RUT del estudio" maxLength={30} disabled={!mayChange} {...form.getInputProps('rut')} />
            <TextInput
              label="Dirección"
              maxLength={300}
              disabled={!mayChange}
              style={{ gridColumn: '1 / -1' }}
              {...form.getInputProps('address')}
            />
          </SimpleGrid>
          <Group gap="md" align="center">
            {logoUrl ? (
              <Image src={logoUrl} alt="Logo del estudio" h={48} w="auto" maw={160} fit="contain" />
            ) : (
              <Text size="sm" c="dimmed">
                Sin logo
              </Text>
            )}
            {mayChange && (
              <Group gap="xs">
                <FileButton
                  accept="image/png,image/jpeg"
                  onChange={(file) => {
                    if (!file) return;
                    upload.mutate(file, {
                      onSuccess: (result) => notifySuccess(result.message),
                      onError: (error) => notifyError(error),
                    });
                  }}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      size="sm"
                      loading={upload.isPending}
                      leftSection={<IconPhotoUp size={16} aria-hidden />}
                    >
                      {settings.data?.logo ? 'Cambiar logo' : 'Subir logo'}
                    </Button>
                  )}
                </FileButton>
                {settings.data?.logo && (
                  <Button
                    variant="default"
                    size="sm"
                    loading={remove.isPending}
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() =>
                      remove.mutate(undefined, {
                        onSuccess: (result) => notifySuccess(result.message),
                        onError: (error) => notifyError(error),
                      })
                    }
                  >
                    Quitar logo
                  </Button>
                )}
              </Group>
            )}
          </Group>
          <Text size="xs" c="dimmed">{`PNG o JPG de hasta ${FIRM_LOGO_MAX_KB} KB.`}</Text>
          <Select
            label="Enviar el informe mensual el día"
            description="Ese día de cada mes, desde las 09:00, el informe del mes anterior va por correo a los contactos y usuarios de cada empresa."
            data={DAY_OPTIONS}
            allowDeselect={false}
            disabled={!mayChange}
            w={{ base: '100%', sm: 260 }}
            {...form.getInputProps('monthlyReportDay')}
          />
          {day !== 'off' && settings.data && !settings.data.mailConfigured && (
            <WarningAlert title="Correo no configurado">
              Los informes se guardarán en la bandeja local del servidor: no le llegarán a nadie hasta configurar el
              correo.
            </WarningAlert>
          )}
          {mayChange && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Guardar datos del estudio
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
