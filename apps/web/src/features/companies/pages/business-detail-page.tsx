import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useBusiness } from '../../../api/businesses/get-business';
import { useUpdateBusiness } from '../../../api/businesses/update-business';
import { PageFallback } from '../../../components/page-fallback';
import { PageHeader } from '../../../components/page-header';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import {
  BusinessFormFields,
  businessToFormValues,
  toBusinessPayload,
  useBusinessForm,
} from '../components/business-form';
import { BusinessServicesSection } from '../components/business-services-section';
import { BusinessUsersSection } from '../components/business-users-section';
import { CredentialsSection } from '../components/credentials-section';

/** Detalle empresa (spec 1 §2.9): the edit form, its services, its client users and its credentials. */
export function BusinessDetailPage() {
  const id = Number(useParams().id);
  const business = useBusiness(id);
  const update = useUpdateBusiness();
  const form = useBusinessForm();
  const loaded = business.data;

  // Fill the form once per company; refetches after other sections' saves must not wipe edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another company loads
  useEffect(() => {
    if (!loaded) return;
    form.setValues(businessToFormValues(loaded));
    form.resetDirty();
  }, [loaded?.id]);

  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => update.mutateAsync({ ...toBusinessPayload(values), id }), {
      onSaved: (result) => {
        form.setValues(businessToFormValues(result.business));
        form.resetDirty();
      },
    }),
  );

  const crumbs = [{ label: 'Inicio', to: '/' }, { label: 'Empresas', to: '/empresas' }, { label: loaded?.name ?? '…' }];

  if (!loaded) {
    return (
      <PageFallback
        title="Empresa"
        crumbs={crumbs}
        query={business}
        errorTitle="No se pudo cargar la empresa"
        back={{ to: '/empresas', label: 'Volver a Empresas' }}
      />
    );
  }

  return (
    <>
      <PageHeader title={loaded.name} crumbs={crumbs} />
      <Stack gap="xl">
        <Card withBorder component="section" aria-labelledby="datos-empresa">
          <Title order={3} id="datos-empresa" mb="sm">
            Datos de la empresa
          </Title>
          <form onSubmit={submit} noValidate>
            <Stack>
              <BusinessFormFields form={form} />
              <Group justify="flex-end">
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={update.isPending}>
                  Guardar
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
        <BusinessServicesSection business={loaded} />
        <BusinessUsersSection business={loaded} />
        <CredentialsSection businessId={loaded.id} />
      </Stack>
    </>
  );
}
