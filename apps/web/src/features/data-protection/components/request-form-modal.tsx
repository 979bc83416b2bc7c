import { rightsRequestDueDate } from '@app/shared/data-protection';
import {
  RIGHTS_CHANNEL_LABELS,
  RIGHTS_KIND_LABELS,
  RIGHTS_STATUS_LABELS,
  type RightsChannel,
  type RightsKind,
  type RightsStatus,
  TEMPORARY_BLOCK_KINDS,
} from '@app/shared/messages-data-protection';
import { formatRutInput } from '@app/shared/rut';
import {
  RIGHTS_ANSWER_MAX,
  RIGHTS_TEXT_MAX,
  type RightsRequest,
  RightsRequestCreateSchema,
  RightsRequestUpdateSchema,
} from '@app/shared/schemas/data-protection';
import { Checkbox, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCreateRightsRequest, useUpdateRightsRequest } from '../../../api/data-protection/requests';
import { DateField } from '../../../components/date-field';
import { FormButtons } from '../../../components/form-buttons';
import { formatDate, today } from '../../../lib/dates';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
const KIND_OPTIONS = options(RIGHTS_KIND_LABELS);
const CHANNEL_OPTIONS = options(RIGHTS_CHANNEL_LABELS);

interface RequestValues {
  kind: RightsKind;
  requesterName: string;
  requesterEmail: string;
  requesterRut: string;
  receivedOn: string;
  channel: RightsChannel;
  description: string;
  temporaryBlock: boolean;
  handledById: number | null;
  status: RightsStatus;
  answerText: string;
  answeredOn: string | null;
}

const emptyValues = (): RequestValues => ({
  kind: 'access',
  requesterName: '',
  requesterEmail: '',
  requesterRut: '',
  receivedOn: today(),
  channel: 'email',
  description: '',
  temporaryBlock: false,
  handledById: null,
  status: 'received',
  answerText: '',
  answeredOn: null,
});

/**
 * 'Registrar solicitud' and its edit: the person, the right, when and how it came in; editing, its
 * state and the answer. The last day to answer is the server's (thirty calendar days after it came in).
 */
export function RequestFormModal({
  opened,
  request,
  staff,
  onClose,
}: {
  opened: boolean;
  request: RightsRequest | null;
  staff: { id: number; name: string }[];
  onClose: () => void;
}) {
  const isEdit = request !== null;
  const create = useCreateRightsRequest();
  const update = useUpdateRightsRequest();
  const form = useForm<RequestValues>({
    initialValues: emptyValues(),
    validate: (values) =>
      schemaResolver(isEdit ? RightsRequestUpdateSchema : RightsRequestCreateSchema, { sync: true })(values),
  });
  useResetOnOpen(
    form,
    opened,
    request
      ? {
          kind: request.kind,
          requesterName: request.requesterName,
          requesterEmail: request.requesterEmail,
          requesterRut: request.requesterRut ?? '',
          receivedOn: request.receivedOn,
          channel: request.channel,
          description: request.description,
          temporaryBlock: request.temporaryBlock,
          handledById: request.handledById,
          status: request.status,
          answerText: request.answerText,
          answeredOn: request.answeredOn,
        }
      : emptyValues(),
    [request],
  );

  const statusOptions = options(RIGHTS_STATUS_LABELS).filter(
    (option) => option.value !== 'extended' || request?.extendedAt,
  );
  const values = form.getValues();
  const blockAllowed = TEMPORARY_BLOCK_KINDS.includes(values.kind);
  const closing = values.status === 'answered' || values.status === 'rejected';

  const submit = form.onSubmit(async ({ status, answerText, answeredOn, ...fields }) => {
    const body = { ...fields, temporaryBlock: blockAllowed && fields.temporaryBlock };
    await submitAndNotify(
      form,
      () =>
        isEdit
          ? update.mutateAsync({ ...body, id: request.id, status, answerText, answeredOn })
          : create.mutateAsync(body),
      { onSaved: onClose },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={isEdit ? 'Editar solicitud' : 'Registrar solicitud'}
      size="lg"
      fullScreen={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Derecho que ejerce"
              withAsterisk
              data={KIND_OPTIONS}
              allowDeselect={false}
              data-autofocus
              {...form.getInputProps('kind')}
            />
            <Select
              label="Canal"
              withAsterisk
              data={CHANNEL_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('channel')}
            />
          </SimpleGrid>
          <TextInput
            label="Nombre de la persona"
            withAsterisk
            maxLength={200}
            {...form.getInputProps('requesterName')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Correo de la persona"
              withAsterisk
              type="email"
              maxLength={254}
              {...form.getInputProps('requesterEmail')}
            />
            <TextInput
              label="RUT (opcional)"
              placeholder="12.345.678-5"
              maxLength={12}
              {...form.getInputProps('requesterRut')}
              onChange={(event) => form.setFieldValue('requesterRut', formatRutInput(event.currentTarget.value))}
            />
          </SimpleGrid>
          <DateField
            label="Recibida el"
            withAsterisk
            maxDate={today()}
            description={
              values.receivedOn
                ? `Plazo legal para responder: ${formatDate(rightsRequestDueDate(values.receivedOn))} (30 días corridos)`
                : undefined
            }
            {...form.getInputProps('receivedOn')}
            onChange={(value) => form.setFieldValue('receivedOn', value ?? '')}
          />
          <Textarea
            label="Qué pide (opcional)"
            autosize
            minRows={2}
            maxLength={RIGHTS_TEXT_MAX}
            {...form.getInputProps('description')}
          />
          {blockAllowed && (
            <Checkbox
              label="Pide además el bloqueo temporal de sus datos (se responde en 2 días hábiles)"
              {...form.getInputProps('temporaryBlock', { type: 'checkbox' })}
            />
          )}
          <Select
            label="Atendida por"
            placeholder="Nadie todavía"
            clearable
            data={staff.map((user) => ({ value: String(user.id), label: user.name }))}
            value={values.handledById === null ? null : String(values.handledById)}
            onChange={(value) => form.setFieldValue('handledById', value ? Number(value) : null)}
            error={form.errors.handledById}
          />
          {isEdit && (
            <>
              <Select
                label="Estado"
                withAsterisk
                data={statusOptions}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
              <Textarea
                label="Respuesta"
                description={closing ? undefined : 'Se exige al dar la solicitud por respondida o rechazada'}
                withAsterisk={closing}
                autosize
                minRows={3}
                maxLength={RIGHTS_ANSWER_MAX}
                {...form.getInputProps('answerText')}
              />
              <DateField
                label="Fecha de la respuesta"
                withAsterisk={closing}
                maxDate={today()}
                {...form.getInputProps('answeredOn')}
                onChange={(value) => form.setFieldValue('answeredOn', value || null)}
              />
            </>
          )}
          {isEdit && request.extendedAt && (
            <Text size="sm" c="dimmed">
              Prorrogada hasta el {formatDate(request.dueOn)}: {request.extensionReason}
            </Text>
          )}
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
