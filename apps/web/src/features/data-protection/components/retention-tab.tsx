import { RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from '@app/shared/data-protection';
import { dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import type {
  ActivityArchive,
  FolderRetention,
  ProposalSummary,
  RetentionOverview,
} from '@app/shared/schemas/data-protection';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceFloppy, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import {
  useCloseProposal,
  useComputeProposal,
  useDownloadActivityArchive,
  useProposal,
  usePurgeActivity,
  useRemoveHold,
  useRetention,
  useSetActivityRetention,
  useSetFolderRetention,
  useSetHold,
} from '../../../api/data-protection/retention';
import { LoadError } from '../../../components/load-error';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatFileSize } from '../../../lib/file-size';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ScrollTable } from './scroll-table';

const periodName = (year: number, month: number) =>
  `${(MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan'] ?? '').toLowerCase()} ${year}`;

/**
 * 'Retención': how many years each folder template keeps its files, legal holds per company, the
 * proposal of files past retention for the owner to confirm, and the activity log's retention with
 * the archive to download before a purge.
 */
export function RetentionTab() {
  const retention = useRetention();
  if (retention.isLoading) return <Loader role="status" aria-label="Cargando" />;
  if (retention.isError || !retention.data)
    return <LoadError title="No se pudo cargar la retención" query={retention} />;
  const data = retention.data;
  return (
    <Stack gap="lg">
      <ProposalSection data={data} />
      <FoldersSection folders={data.folders} />
      <HoldsSection data={data} />
      <ActivitySection data={data} />
    </Stack>
  );
}

function FoldersSection({ folders }: { folders: FolderRetention[] }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4">
        Años de conservación por carpeta
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Los archivos de cada período se conservan estos años desde el fin del mes en que vence el período (6 por
        defecto, el plazo de revisión del Código Tributario); luego se proponen para eliminar.
      </Text>
      {folders.length === 0 ? (
        <Text size="sm">Aún no hay carpetas de plantilla en los servicios.</Text>
      ) : (
        <ScrollTable label="Años de conservación por carpeta" minWidth={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Servicio</Table.Th>
              <Table.Th>Carpeta</Table.Th>
              <Table.Th w={190}>Años</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {folders.map((folder) => (
              <FolderRow key={folder.id} folder={folder} />
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Card>
  );
}

function FolderRow({ folder }: { folder: FolderRetention }) {
  const save = useSetFolderRetention();
  const [years, setYears] = useState<number | string>(folder.retentionYears);
  const name = folder.parentName ? `${folder.parentName} / ${folder.name}` : folder.name;
  const changed = Number(years) !== folder.retentionYears;
  const valid =
    Number.isInteger(Number(years)) && Number(years) >= RETENTION_YEARS_MIN && Number(years) <= RETENTION_YEARS_MAX;
  return (
    <Table.Tr>
      <Table.Td>{folder.serviceName}</Table.Td>
      <Table.Td>
        {name}
        {!folder.isActive && (
          <Text span size="xs" c="dimmed">
            {' '}
            (inactiva)
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <NumberInput
            aria-label={`Años de conservación de ${folder.serviceName}, ${name}`}
            min={RETENTION_YEARS_MIN}
            max={RETENTION_YEARS_MAX}
            allowDecimal={false}
            allowNegative={false}
            w={90}
            value={years}
            error={valid ? undefined : true}
            onChange={setYears}
          />
          <ActionIcon
            variant="subtle"
            size="input-sm"
            aria-label={`Guardar años de ${folder.serviceName}, ${name}`}
            disabled={!changed || !valid}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { id: folder.id, years: Number(years) },
                { onSuccess: ({ message }) => notifySuccess(message), onError: (error) => notifyError(error) },
              )
            }
          >
            <IconDeviceFloppy size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function HoldsSection({ data }: { data: RetentionOverview }) {
  const businesses = useBusinesses();
  const setHold = useSetHold();
  const removeHold = useRemoveHold();
  const [businessId, setBusinessId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ businessId?: string; reason?: string }>({});
  const held = new Set(data.holds.map((hold) => hold.businessId));
  const options = (businesses.data ?? [])
    .filter((business) => !held.has(business.id))
    .map((business) => ({ value: String(business.id), label: business.name }));
  const add = () => {
    const found = {
      businessId: businessId ? undefined : 'Elige una empresa',
      reason: reason.trim() ? undefined : m.holdReasonRequired,
    };
    setErrors(found);
    if (found.businessId || found.reason || !businessId) return;
    setHold.mutate(
      { businessId: Number(businessId), reason: reason.trim() },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          setBusinessId(null);
          setReason('');
        },
        onError: (error) => notifyError(error),
      },
    );
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4">
        Retención legal
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Mientras una empresa tenga retención legal (un juicio, una fiscalización), ninguno de sus archivos se propone
        para eliminar.
      </Text>
      <Stack>
        {data.holds.map((hold) => (
          <Group key={hold.businessId} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" fw={600}>
                {hold.businessName}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {hold.reason} · {hold.setBy}, {formatDateTime(hold.setAt)}
              </Text>
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Quitar la retención legal de ${hold.businessName}`}
              loading={removeHold.isPending}
              onClick={() =>
                removeHold.mutate(hold.businessId, {
                  onSuccess: ({ message }) => notifySuccess(message),
                  onError: (error) => notifyError(error),
                })
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Empresa"
            placeholder="Buscar empresa"
            searchable
            data={options}
            value={businessId}
            error={errors.businessId}
            onChange={setBusinessId}
            w={{ base: '100%', sm: 260 }}
            nothingFoundMessage="Sin resultados"
          />
          <TextInput
            label="Motivo"
            maxLength={500}
            value={reason}
            error={errors.reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button variant="default" loading={setHold.isPending} onClick={add}>
            Agregar retención
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ProposalSection({ data }: { data: RetentionOverview }) {
  const compute = useComputeProposal();
  // Here rather than in the open proposal, which is gone once it is closed: its toast still shows.
  const close = useCloseProposal();
  const act = (id: number, action: 'confirm' | 'discard') =>
    close.mutate(
      { id, action },
      { onSuccess: ({ message }) => notifySuccess(message), onError: (error) => notifyError(error) },
    );
  const open = data.proposals.find((proposal) => proposal.status === 'open');
  const past = data.proposals.filter((proposal) => proposal.status !== 'open').slice(0, 5);
  return (
    <Card withBorder>
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={2} size="h4">
          Propuesta de eliminación
        </Title>
        <Button
          loading={compute.isPending}
          onClick={() =>
            compute.mutate(undefined, {
              onSuccess: ({ message }) => notifySuccess(message),
              onError: (error) => notifyError(error),
            })
          }
        >
          Calcular propuesta
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Una vez al año (desde el 2 de enero) y cuando la pida, se listan los archivos cuyo plazo de conservación venció
        y cuya empresa no tiene retención legal. Nada se elimina hasta que usted lo confirme.
      </Text>
      {open ? (
        <OpenProposal summary={open} closing={close.isPending} onClose={(action) => act(open.id, action)} />
      ) : (
        <Text size="sm">No hay una propuesta por confirmar.</Text>
      )}
      {past.length > 0 && (
        <Stack gap={2} mt="md">
          <Text size="sm" fw={600}>
            Anteriores
          </Text>
          {past.map((proposal) => (
            <Text key={proposal.id} size="xs" c="dimmed">
              Propuesta {proposal.id} del {formatDate(proposal.asOf)}: {proposal.statusText.toLowerCase()}
              {proposal.status === 'confirmed'
                ? `, ${proposal.deletedCount} ${proposal.deletedCount === 1 ? 'eliminado' : 'eliminados'}, ${proposal.skippedCount} sin eliminar`
                : ''}
              {proposal.closedBy ? ` (${proposal.closedBy})` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function OpenProposal({
  summary,
  closing,
  onClose,
}: {
  summary: ProposalSummary;
  closing: boolean;
  onClose: (action: 'confirm' | 'discard') => void;
}) {
  const proposal = useProposal(summary.id);
  const files = proposal.data?.files ?? [];
  const confirmDeletion = () =>
    modals.openConfirmModal({
      title: 'Confirmar eliminación',
      children: (
        <Text size="sm">
          Se eliminarán {summary.fileCount === 1 ? '1 archivo' : `${summary.fileCount} archivos`} (
          {formatFileSize(summary.totalSize)}) de los documentos de las empresas, sin posibilidad de recuperarlos desde
          la aplicación. Cada eliminación queda en el registro de actividad.
        </Text>
      ),
      labels: { confirm: 'Eliminar archivos', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () => onClose('confirm'),
    });
  return (
    <Stack>
      <Text size="sm">
        Propuesta {summary.id} del {formatDate(summary.asOf)}
        {summary.source === 'scheduled' ? ' (anual)' : ''}:{' '}
        <b>{summary.fileCount === 1 ? '1 archivo' : `${summary.fileCount} archivos`}</b> fuera de plazo (
        {formatFileSize(summary.totalSize)}).
      </Text>
      {summary.truncated && (
        <Alert color="yellow">
          Hay más archivos fuera de plazo que los listados: confirme esta propuesta y calcule otra.
        </Alert>
      )}
      {files.length > 0 && (
        <ScrollTable label="Archivos de la propuesta" minWidth={640} maxHeight={360}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Empresa</Table.Th>
              <Table.Th>Período</Table.Th>
              <Table.Th>Carpeta</Table.Th>
              <Table.Th>Archivo</Table.Th>
              <Table.Th>Plazo cumplido</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr key={file.fileId}>
                <Table.Td>{file.businessName}</Table.Td>
                <Table.Td>{periodName(file.year, file.month)}</Table.Td>
                <Table.Td>
                  {file.serviceName} / {file.folderName}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{file.fileName}</Table.Td>
                <Table.Td>
                  {formatDate(file.retentionEndedOn)} ({file.retentionYears} años)
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      <Group justify="flex-end">
        <Button variant="default" disabled={closing} onClick={() => onClose('discard')}>
          Descartar
        </Button>
        <Button color="red" disabled={summary.fileCount === 0} loading={closing} onClick={confirmDeletion}>
          Confirmar eliminación
        </Button>
      </Group>
    </Stack>
  );
}

const YEAR_OPTIONS = [
  { value: 'all', label: m.keepAll },
  ...[1, 2, 3, 5, 6, 10, 15, 20].map((years) => ({
    value: String(years),
    label: `${years} ${years === 1 ? 'año' : 'años'}`,
  })),
];

/** An archive allows the purge while it is complete, not yet used, and covers no more than what may go. */
const purgeable = (archive: ActivityArchive, keptFrom: string | null) =>
  keptFrom !== null && archive.completedAt !== null && archive.purgedAt === null && archive.before <= keptFrom;

function ActivitySection({ data }: { data: RetentionOverview }) {
  const setYears = useSetActivityRetention();
  const download = useDownloadActivityArchive();
  const purge = usePurgeActivity();
  const { activity } = data;
  const current = activity.retentionYears === null ? 'all' : String(activity.retentionYears);
  const options = YEAR_OPTIONS.some((option) => option.value === current)
    ? YEAR_OPTIONS
    : [...YEAR_OPTIONS, { value: current, label: `${current} años` }];
  const ready = activity.archives.find((archive) => purgeable(archive, activity.keptFrom));
  const confirmPurge = (archive: ActivityArchive) =>
    modals.openConfirmModal({
      title: 'Depurar el registro de actividad',
      children: (
        <Text size="sm">
          Se eliminarán {archive.rows.toLocaleString('es-CL')} entradas anteriores al {formatDate(archive.before)}, las
          del archivo descargado el {formatDateTime(archive.madeAt)}. Guarde ese archivo: es la única copia que quedará.
        </Text>
      ),
      labels: { confirm: 'Depurar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () =>
        purge.mutate(archive.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: (error) => notifyError(error),
        }),
    });
  return (
    <Card withBorder>
      <Title order={2} size="h4">
        Registro de actividad
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Cuánto tiempo se guarda el registro de actividad. Antes de depurar las entradas más antiguas hay que descargar
        su archivo (CSV o Excel): la depuración solo elimina lo que ese archivo contiene.
      </Text>
      <Stack>
        <Select
          label="Se guarda"
          data={options}
          allowDeselect={false}
          value={current}
          w={{ base: '100%', sm: 220 }}
          onChange={(value) =>
            value &&
            setYears.mutate(value === 'all' ? null : Number(value), {
              onSuccess: ({ message }) => notifySuccess(message),
              onError: (error) => notifyError(error),
            })
          }
        />
        {activity.keptFrom ? (
          <Text size="sm">
            Se guarda desde el <b>{formatDate(activity.keptFrom)}</b>:{' '}
            {activity.entriesBefore === 0
              ? 'no hay entradas anteriores.'
              : `${activity.entriesBefore.toLocaleString('es-CL')} ${activity.entriesBefore === 1 ? 'entrada anterior' : 'entradas anteriores'}.`}
          </Text>
        ) : (
          <Text size="sm">Se guarda completo: no hay nada que depurar.</Text>
        )}
        {activity.keptFrom && activity.entriesBefore > 0 && (
          <Group wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending && download.variables === 'csv'}
              onClick={() => download.mutate('csv', { onError: (error) => notifyError(error) })}
            >
              Descargar archivo CSV
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending && download.variables === 'xlsx'}
              onClick={() => download.mutate('xlsx', { onError: (error) => notifyError(error) })}
            >
              Descargar archivo Excel
            </Button>
            <Button
              color="red"
              disabled={!ready}
              loading={purge.isPending}
              onClick={() => ready && confirmPurge(ready)}
            >
              Depurar
            </Button>
          </Group>
        )}
        {activity.keptFrom && activity.entriesBefore > 0 && !ready && (
          <Text size="xs" c="dimmed">
            {m.purgeNeedsArchive}
          </Text>
        )}
        {activity.archives.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Archivos descargados
            </Text>
            {activity.archives.map((archive) => (
              <Group key={archive.id} gap="xs" wrap="wrap">
                <Text size="xs">
                  {formatDateTime(archive.madeAt)} · {archive.madeBy} · anteriores al {formatDate(archive.before)} ·{' '}
                  {archive.format.toUpperCase()}
                </Text>
                <Badge
                  size="sm"
                  variant="dot"
                  color={archive.purgedAt ? 'gray' : archive.completedAt ? 'green' : 'yellow'}
                >
                  {archive.purgedAt
                    ? `Depurado: ${archive.purgedRows ?? 0} entradas`
                    : archive.completedAt
                      ? `Completo: ${archive.rows} entradas`
                      : 'Descarga incompleta'}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
