import { can } from '@app/shared/permissions';
import { formatChileanMobile, type WhatsAppContact } from '@app/shared/schemas/whatsapp';
import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useSaveWhatsAppContact, useWhatsAppContact } from '../../../api/whatsapp/whatsapp';
import { FormCard } from '../../../components/form-card';
import { LoadError } from '../../../components/load-error';
import { WarningAlert } from '../../../components/warning-alert';
import { formatDateTime } from '../../../lib/dates';
import { useCurrentUser } from '../../../lib/session';
import { submitAndNotify } from '../../../lib/submit-and-notify';

interface Values {
  phone: string;
  optedIn: boolean;
}

const valuesOf = (contact: WhatsAppContact | undefined): Values => ({
  phone: contact?.phone ? formatChileanMobile(contact.phone) : '',
  optedIn: contact?.optedIn ?? false,
});

/** Who recorded the consent (or its end) and when, as the company's page says it. */
function consentLine(contact: WhatsAppContact): string {
  if (!contact.optInChangedAt) return 'Sin consentimiento registrado.';
  const who = contact.optInChangedBy ? ` por ${contact.optInChangedBy}` : '';
  const when = formatDateTime(contact.optInChangedAt);
  return contact.optedIn ? `Aceptación registrada${who} el ${when}.` : `Retiro registrado${who} el ${when}.`;
}

/**
 * 'WhatsApp' on a company's page (staff): the company's WhatsApp number and whether it accepted
 * WhatsApp notices, with who recorded that and when. Says so when the server has WhatsApp off.
 */
export function WhatsAppContactSection({ businessId }: { businessId: number }) {
  const user = useCurrentUser();
  if (!can(user, 'whatsapp:contact')) return null;
  return <ContactForm businessId={businessId} />;
}

function ContactForm({ businessId }: { businessId: number }) {
  const contact = useWhatsAppContact(businessId);
  const save = useSaveWhatsAppContact(businessId);
  const form = useForm<Values>({ initialValues: valuesOf(undefined) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again when the saved contact changes
  useEffect(() => {
    if (!contact.data) return;
    form.setValues(valuesOf(contact.data));
    form.resetDirty();
  }, [contact.data]);

  if (contact.isError) return <LoadError title="No se pudo cargar el WhatsApp de la empresa" query={contact} />;
  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => save.mutateAsync({ phone: values.phone, optedIn: values.optedIn })),
  );

  return (
    <FormCard id="whatsapp-empresa" title="WhatsApp" onSubmit={submit} saving={save.isPending}>
      {contact.data && !contact.data.configured && (
        <WarningAlert title="WhatsApp no está configurado">
          El servidor no tiene WhatsApp configurado: no se envía ningún aviso por WhatsApp, aunque la empresa lo acepte.
        </WarningAlert>
      )}
      <TextInput
        label="Celular WhatsApp"
        placeholder="+56 9 1234 5678"
        description="Un celular chileno de la empresa."
        maxLength={40}
        autoComplete="off"
        w={{ base: '100%', sm: 320 }}
        {...form.getInputProps('phone')}
      />
      <Stack gap={4}>
        <Checkbox
          label="La empresa aceptó recibir avisos por WhatsApp"
          description="Marca esto solo con su consentimiento; se guarda quién lo marcó y cuándo. Al desmarcarlo no se envía nada más."
          {...form.getInputProps('optedIn', { type: 'checkbox' })}
        />
        {contact.data && (
          <Text size="sm" c="dimmed">
            {consentLine(contact.data)}
          </Text>
        )}
      </Stack>
      <Text size="sm" c="dimmed">
        Por WhatsApp se avisa de mensajes del estudio sin leer, solicitudes de documentos por vencer, aprobaciones
        pendientes y cobros vencidos, con un enlace al portal; nunca el texto de los mensajes.
      </Text>
    </FormCard>
  );
}
