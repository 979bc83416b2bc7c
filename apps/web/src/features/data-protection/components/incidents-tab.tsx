import {
  DATA_CATEGORY_LABELS,
  type DataCategory,
  INCIDENT_STATUS_LABELS,
  type IncidentStatus,
} from '@app/shared/messages-data-protection';
import {
  INCIDENT_TEXT_MAX,
  type Incident,
  type IncidentSave,
  IncidentSaveSchema,
} from '@app/shared/schemas/data-protection';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIncidents, useSaveIncident } from '../../../api/data-protection/requests';
import { DateField } from '../../../components/date-field';
import { FormButtons } from '../../../components/form-buttons';
import { ListTable } from '../../../components/list-table';
import { useEditModal } from '../../../components/use-edit-modal';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDate, today } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';

const STATUS_COLORS = { open: 'red', contained: 'orange', closed: 'green' } as const;
const STATUS_OPTIONS = (Object.entries(INCIDENT_STATUS_LABELS) as [IncidentStatus, string][]).map(([value, label]) => ({
  value,
  label,
}));
const CATEGORIES = Object.entries(DATA_CATEGORY_LABELS) as [DataCategory, string][];

/** 'YYYY-MM-DD HH:mm' as the firm reads it: '09-12-2026 22:15'. */
const formatMoment = (value: string) => `${formatDate(value.slice(0, 10))} ${value.slice(11, 16)}`;

/**
 * 'Incidentes': the register of security incidents that reached personal data, with the data and
 * people affected, the measures taken and the notices to the Agencia and to the people.
 */
export function IncidentsTab() {
  const incidents = useIncidents();
  const edit = useEditModal<Incident>();
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          Registre cada vulneración de seguridad que afecte datos personales y los avisos que se dieron.
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => edit.open(null)}>
          Registrar incidente
        </Button>
      </Group>
      <ListTable
        records={incidents.data ?? []}
        query={incidents}
        idAccessor="id"
        errorText="No se pudieron cargar los incidentes"
        noRecordsText="No hay incidentes registrados"
        columns={[
          { accessor: 'detectedAt', title: 'Detectado', render: (incident) => formatMoment(incident.detectedAt) },
          {
            accessor: 'description',
            title: 'Qué ocurrió',
            render: (incident) => (
              <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                {incident.description}
              </Text>
            ),
          },
          {
            accessor: 'dataCategoryTexts',
            title: 'Datos afectados',
            render: (incident) => incident.dataCategoryTexts.join(', '),
          },
          {
            accessor: 'peopleAffected',
            title: 'Personas',
            textAlign: 'right',
            render: (incident) => incident.peopleAffected?.toLocaleString('es-CL') ?? 'Sin determinar',
          },
          {
            accessor: 'agencyNotifiedOn',
            title: 'Avisos',
            render: (incident) => (
              <Stack gap={0}>
                <Text size="xs">
                  Agencia: {incident.agencyNotifiedOn ? formatDate(incident.agencyNotifiedOn) : 'sin aviso'}
                </Text>
                <Text size="xs">
                  Personas: {incident.peopleNotifiedOn ? formatDate(incident.peopleNotifiedOn) : 'sin aviso'}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: 'Estado',
            render: (incident) => (
              <Badge color={STATUS_COLORS[incident.status]} variant="dot" radius="sm" miw="max-content">
                {incident.statusText}
              </Badge>
            ),
          },
        ]}
        actions={(incident) => (
          <ActionIcon
            variant="subtle"
            aria-label={`Editar incidente del ${formatMoment(incident.detectedAt)}`}
            onClick={() => edit.open(incident)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        )}
      />
      <IncidentFormModal opened={edit.opened} incident={edit.editing} onClose={edit.close} />
    </Stack>
  );
}

interface IncidentValues {
  detectedOn: string;
  detectedTime: string;
  description: string;
  dataCategories: DataCategory[];
  peopleAffected: number | string;
  measures: string;
  agencyNotifiedOn: string | null;
  agencyNoticeHow: string;
  peopleNotifiedOn: string | null;
  peopleNoticeHow: string;
  status: IncidentStatus;
}

const valuesOf = (incident: Incident | null): IncidentValues => ({
  detectedOn: incident?.detectedAt.slice(0, 10) ?? today(),
  detectedTime: incident?.detectedAt.slice(11, 16) ?? '',
  description: incident?.description ?? '',
  dataCategories: incident?.dataCategories ?? [],
  peopleAffected: incident?.peopleAffected ?? '',
  measures: incident?.measures ?? '',
  agencyNotifiedOn: incident?.agencyNotifiedOn ?? null,
  agencyNoticeHow: incident?.agencyNoticeHow ?? '',
  peopleNotifiedOn: incident?.peopleNotifiedOn ?? null,
  peopleNoticeHow: incident?.peopleNoticeHow ?? '',
  status: incident?.status ?? 'open',
});

/** The API's field for each of the form's: the day and the hour are one moment there. */
const formField = (field: string) => (field === 'detectedAt' ? 'detectedOn' : field);

function IncidentFormModal({
  opened,
  incident,
  onClose,
}: {
  opened: boolean;
  incident: Incident | null;
  onClose: () => void;
}) {
  const save = useSaveIncident();
  const [values, setValues] = useState<IncidentValues>(valuesOf(incident));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(incident));
    setErrors({});
  }, [opened, incident]);
  const set = <K extends keyof IncidentValues>(key: K, value: IncidentValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: IncidentSave = {
      detectedAt: values.detectedOn && values.detectedTime ? `${values.detectedOn} ${values.detectedTime}` : '',
      description: values.description,
      dataCategories: values.dataCategories,
      peopleAffected: values.peopleAffected === '' ? null : Number(values.peopleAffected),
      measures: values.measures,
      agencyNotifiedOn: values.agencyNotifiedOn,
      agencyNoticeHow: values.agencyNoticeHow,
      peopleNotifiedOn: values.peopleNotifiedOn,
      peopleNoticeHow: values.peopleNoticeHow,
      status: values.status,
    };
    const checked = IncidentSaveSchema.safeParse(body);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [formField(String(issue.path[0])), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(
      { ...body, id: incident?.id },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiRequestError && failure.errors.length > 0) {
            setErrors(Object.fromEntries(failure.errors.map((entry) => [formField(entry.field), entry.message])));
          } else notifyError(failure);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={incident ? 'Editar incidente' : 'Registrar incidente'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label="Detectado el"
              withAsterisk
              maxDate={today()}
              value={values.detectedOn}
              error={errors.detectedOn}
              onChange={(value) => set('detectedOn', value ?? '')}
              data-autofocus
            />
            <TimeInput
              label="Hora de detección"
              withAsterisk
              value={values.detectedTime}
              error={errors.detectedOn && !values.detectedTime ? errors.detectedOn : undefined}
              onChange={(event) => set('detectedTime', event.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label="Qué ocurrió"
            withAsterisk
            autosize
            minRows={3}
            maxLength={INCIDENT_TEXT_MAX}
            value={values.description}
            error={errors.description}
            onChange={(event) => set('description', event.currentTarget.value)}
          />
          <Checkbox.Group
            label="Datos afectados"
            withAsterisk
            value={values.dataCategories}
            error={errors.dataCategories}
            onChange={(chosen) => set('dataCategories', chosen as DataCategory[])}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {CATEGORIES.map(([value, label]) => (
                <Checkbox key={value} value={value} label={label} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Personas afectadas"
              description="Vacío si aún no se sabe"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              value={values.peopleAffected}
              error={errors.peopleAffected}
              onChange={(value) => set('peopleAffected', value)}
            />
            <Select
              label="Estado"
              withAsterisk
              data={STATUS_OPTIONS}
              allowDeselect={false}
              value={values.status}
              onChange={(value) => value && set('status', value as IncidentStatus)}
            />
          </SimpleGrid>
          <Textarea
            label="Medidas adoptadas"
            autosize
            minRows={2}
            maxLength={INCIDENT_TEXT_MAX}
            value={values.measures}
            onChange={(event) => set('measures', event.currentTarget.value)}
          />
          <Fieldset legend="Aviso a la Agencia de Protección de Datos Personales">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateField
                label="Fecha del aviso"
                value={values.agencyNotifiedOn}
                error={errors.agencyNotifiedOn}
                onChange={(value) => set('agencyNotifiedOn', value || null)}
              />
              <TextInput
                label="Cómo se avisó"
                maxLength={1000}
                value={values.agencyNoticeHow}
                error={errors.agencyNoticeHow}
                onChange={(event) => set('agencyNoticeHow', event.currentTarget.value)}
              />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Aviso a las personas afectadas">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateField
                label="Fecha del aviso"
                value={values.peopleNotifiedOn}
                error={errors.peopleNotifiedOn}
                onChange={(value) => set('peopleNotifiedOn', value || null)}
              />
              <TextInput
                label="Cómo se avisó"
                maxLength={1000}
                value={values.peopleNoticeHow}
                error={errors.peopleNoticeHow}
                onChange={(event) => set('peopleNoticeHow', event.currentTarget.value)}
              />
            </SimpleGrid>
          </Fieldset>
          <FormButtons onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
