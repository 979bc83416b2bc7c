import { can } from '@app/shared/permissions';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { useBusiness } from '../../../api/businesses/get-business';
import { useUpdateBusiness } from '../../../api/businesses/update-business';
import { DetailPage } from '../../../components/detail-page';
import { FormCard } from '../../../components/form-card';
import { useFormFromRecord } from '../../../components/use-form-from-record';
import { useCurrentUser } from '../../../lib/session';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { BusinessActivitySection } from '../components/business-activity-section';
import {
  BusinessFormFields,
  businessToFormValues,
  toBusinessPayload,
  useBusinessForm,
} from '../components/business-form';
import { BusinessServicesSection } from '../components/business-services-section';
import { BusinessUsersSection } from '../components/business-users-section';
import { CredentialsSection } from '../components/credentials-section';
import { TaxSuggestionsSection } from '../components/tax-suggestions-section';

/**
 * Detalle empresa: the edit form, its fees ('Honorarios', owners only: `FeesSection`, handed in by
 * the app since features do not import each other), its 'Informe mensual' button, its services, its client
 * users, its WhatsApp number and consent (`WhatsAppSection`), its credentials, its client approvals
 * ('Aprobaciones': `ApprovalsSection`) and its 'Mensajes' thread (`MessagesSection`), all handed in the same way.
 */
export function BusinessDetailPage({
  FeesSection,
  ReportButton,
  ApprovalsSection,
  MessagesSection,
  WhatsAppSection,
}: {
  FeesSection?: ComponentType<{ businessId: number }>;
  /** 'Informe mensual' of the company (its month in a PDF), from the monthly-report feature. */
  ReportButton?: ComponentType<{ businessId: number; businessName: string }>;
  ApprovalsSection?: ComponentType<{ businessId: number }>;
  /** The company's thread with the firm ('Mensajes'), from the messages feature. */
  MessagesSection?: ComponentType<{ businessId: number }>;
  /** The company's WhatsApp number and consent, from the whatsapp feature. */
  WhatsAppSection?: ComponentType<{ businessId: number }>;
}) {
  const id = Number(useParams().id);
  const user = useCurrentUser();
  const business = useBusiness(id);
  const update = useUpdateBusiness();
  const form = useBusinessForm();
  useFormFromRecord(form, business.data, businessToFormValues);

  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => update.mutateAsync({ ...toBusinessPayload(values), id }), {
      onSaved: (result) => {
        form.setValues(businessToFormValues(result.business));
        form.resetDirty();
      },
    }),
  );

  return (
    <DetailPage
      query={business}
      list={{ label: 'Empresas', to: '/empresas' }}
      fallbackTitle="Empresa"
      errorTitle="No se pudo cargar la empresa"
      actions={(loaded) =>
        ReportButton && can(user, 'report:read') ? (
          <ReportButton businessId={loaded.id} businessName={loaded.name} />
        ) : null
      }
    >
      {(loaded) => (
        <>
          <FormCard id="datos-empresa" title="Datos de la empresa" onSubmit={submit} saving={update.isPending}>
            <BusinessFormFields form={form} />
          </FormCard>
          {FeesSection && <FeesSection businessId={loaded.id} />}
          <TaxSuggestionsSection business={loaded} />
          <BusinessServicesSection business={loaded} />
          <BusinessUsersSection business={loaded} />
          {WhatsAppSection && <WhatsAppSection businessId={loaded.id} />}
          {ApprovalsSection && <ApprovalsSection businessId={loaded.id} />}
          <CredentialsSection businessId={loaded.id} />
          {MessagesSection && <MessagesSection businessId={loaded.id} />}
          <BusinessActivitySection businessId={loaded.id} />
        </>
      )}
    </DetailPage>
  );
}
