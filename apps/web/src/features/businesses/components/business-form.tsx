import { companiesMsg } from '@app/shared/messages-companies';
import { formatRutInput } from '@app/shared/rut';
import {
  BUSINESS_TEXT_MAX,
  type Business,
  type BusinessCreate,
  BusinessCreateSchema,
  splitContacts,
  TRACKING_SINCE_MIN,
  trackingSinceMax,
} from '@app/shared/schemas/businesses';
import { TAX_REGIMES, type TaxRegime } from '@app/shared/tax-catalogue';
import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useResponsibleOptions } from '../../../api/businesses/get-responsible-options';
import { DateField } from '../../../components/date-field';
import { EmailTagsInput } from '../../../components/email-tags-input';
import { MONTH_FORMAT } from '../../../lib/dates';

/** The company form's values: dates as 'YYYY-MM-DD' (null while empty), contacts as tags. */
export interface BusinessFormValues {
  name: string;
  razonSocial: string;
  rut: string;
  startContract: string | null;
  endContract: string | null;
  legalRepresentative: string;
  contact: string[];
  /** Declares and pays online (default true): the services' electronic due day applies. */
  electronicFiling: boolean;
  /** The owner among the staff ('Encargado'), or null. */
  responsibleUserId: number | null;
  /** The tax profile: 'Régimen tributario' (null: not set), 'Tiene trabajadores', 'IVA postergado'. */
  taxRegime: TaxRegime | null;
  hasEmployees: boolean;
  vatDeferred: boolean;
  /** 'Seguimiento desde': the month picker's first day 'YYYY-MM-DD', or null (since the contract start). */
  trackingSince: string | null;
}

export type BusinessForm = UseFormReturnType<BusinessFormValues>;

export const emptyBusinessValues: BusinessFormValues = {
  name: '',
  razonSocial: '',
  rut: '',
  startContract: null,
  endContract: null,
  legalRepresentative: '',
  contact: [],
  electronicFiling: true,
  responsibleUserId: null,
  taxRegime: null,
  hasEmployees: false,
  vatDeferred: false,
  trackingSince: null,
};

export function businessToFormValues(business: Business): BusinessFormValues {
  return {
    name: business.name,
    razonSocial: business.razonSocial,
    rut: business.rut,
    startContract: business.startContract || null,
    endContract: business.endContract || null,
    legalRepresentative: business.legalRepresentative,
    contact: splitContacts(business.contact),
    electronicFiling: business.electronicFiling,
    responsibleUserId: business.responsibleUserId,
    taxRegime: business.taxRegime,
    hasEmployees: business.hasEmployees,
    vatDeferred: business.vatDeferred,
    trackingSince: business.trackingSince ? `${business.trackingSince}-01` : null,
  };
}

/** What POST and PUT /api/business take; the shared schema normalises RUT and contacts on the server. */
export function toBusinessPayload(values: BusinessFormValues): BusinessCreate {
  return {
    ...values,
    startContract: values.startContract ?? '',
    endContract: values.endContract ?? '',
    trackingSince: values.trackingSince ?? '',
  };
}

/**
 * The company form, validated with the same schema as the API (BusinessCreateSchema is
 * also BusinessUpdateSchema): every field required, a valid RUT, every contact a valid e-mail.
 */
export function useBusinessForm(initialValues: BusinessFormValues = emptyBusinessValues) {
  return useForm<BusinessFormValues>({
    initialValues,
    validate: schemaResolver(BusinessCreateSchema, { sync: true }),
    validateInputOnBlur: ['rut'],
    validateInputOnChange: ['contact'],
  });
}

export function BusinessFormFields({ form, autoFocus = false }: { form: BusinessForm; autoFocus?: boolean }) {
  const rut = form.getInputProps('rut');
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Nombre"
          withAsterisk
          maxLength={BUSINESS_TEXT_MAX}
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Razón social"
          withAsterisk
          maxLength={BUSINESS_TEXT_MAX}
          {...form.getInputProps('razonSocial')}
        />
        <TextInput
          label="RUT"
          withAsterisk
          placeholder="12.345.678-5"
          autoComplete="off"
          {...rut}
          // Dots and dash appear as the user types.
          onChange={(event) => form.setFieldValue('rut', formatRutInput(event.currentTarget.value))}
        />
        <TextInput
          label="Representante legal"
          withAsterisk
          maxLength={BUSINESS_TEXT_MAX}
          {...form.getInputProps('legalRepresentative')}
        />
        <DateField label="Inicio de contrato" withAsterisk {...form.getInputProps('startContract')} />
        <DateField label="Término de contrato" withAsterisk {...form.getInputProps('endContract')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MonthPickerInput
          label={companiesMsg.trackingSinceLabel}
          description={companiesMsg.trackingSinceHint}
          placeholder="Desde el inicio del contrato"
          valueFormat={MONTH_FORMAT}
          clearable
          minDate={`${TRACKING_SINCE_MIN}-01`}
          maxDate={`${trackingSinceMax()}-01`}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('trackingSince')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ResponsibleSelect form={form} />
        <Switch
          mt={{ sm: 'xl' }}
          label={companiesMsg.electronicFilingLabel}
          description="Se aplica el día de vencimiento en línea de cada servicio"
          {...form.getInputProps('electronicFiling', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={companiesMsg.taxRegimeLabel}
          placeholder="Sin definir"
          data={[...TAX_REGIMES]}
          clearable
          {...form.getInputProps('taxRegime')}
          onChange={(selected) => form.setFieldValue('taxRegime', (selected as TaxRegime | null) ?? null)}
        />
        <Switch
          mt={{ sm: 'xl' }}
          label={companiesMsg.hasEmployeesLabel}
          {...form.getInputProps('hasEmployees', { type: 'checkbox' })}
        />
        <Switch
          mt={{ sm: 'xl' }}
          label={companiesMsg.vatDeferredLabel}
          {...form.getInputProps('vatDeferred', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <EmailTagsInput
        clearLabel="Quitar todos los contactos"
        label="Contacto"
        description="Correos de contacto: escribe cada uno y presiona Enter o coma"
        placeholder="correo@empresa.cl"
        withAsterisk
        {...form.getInputProps('contact')}
      />
    </Stack>
  );
}

/** 'Encargado': one of the staff, or none; the options come from GET /api/business/responsible-options. */
function ResponsibleSelect({ form }: { form: BusinessForm }) {
  const options = useResponsibleOptions();
  const value = form.values.responsibleUserId;
  const data = (options.data ?? []).map((option) => ({ value: String(option.id), label: option.name }));
  return (
    <Select
      label={companiesMsg.responsibleLabel}
      placeholder={companiesMsg.noResponsible}
      data={data}
      searchable
      clearable
      nothingFoundMessage="Sin resultados"
      {...form.getInputProps('responsibleUserId')}
      value={value === null ? null : String(value)}
      onChange={(selected) => form.setFieldValue('responsibleUserId', selected ? Number(selected) : null)}
    />
  );
}
