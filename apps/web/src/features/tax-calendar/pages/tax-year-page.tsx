import type { TaxYearEntryView, TaxYearImportPreview } from '@app/shared/schemas/tax-calendar';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useConfirmTaxYearImport,
  usePreviewTaxYearImport,
  useResetTaxYearDate,
  useSaveTaxYearDate,
  useTaxYear,
} from '../../../api/tax-calendar/tax-calendar';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';

const ORIGIN = { shipped: 'Publicado', edited: 'Cambiado por el estudio', added: 'Agregado por el estudio' } as const;
const showDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const STATUS = { new: 'Nueva', changed: 'Cambia', unchanged: 'Sin cambios', invalid: 'Con error' } as const;
const STATUS_COLOR = { new: 'blue', changed: 'yellow', unchanged: 'gray', invalid: 'red' } as const;

type Editing = {
  key: string;
  label: string;
  date: string;
  confirmed: boolean;
  source: string;
  note: string;
  isNew: boolean;
};

function DateModal({ year, editing, onClose }: { year: number; editing: Editing; onClose: () => void }) {
  const [form, setForm] = useState(editing);
  const save = useSaveTaxYearDate();
  return (
    <Modal opened onClose={onClose} title={editing.isNew ? 'Agregar fecha' : `Fecha de ${editing.label}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              year,
              key: form.key.trim(),
              body: { date: form.date, confirmed: form.confirmed, source: form.source, note: form.note },
            },
            {
              onSuccess: (result) => {
                notifySuccess(result.message);
                onClose();
              },
              onError: (error) => notifyError(error),
            },
          );
        }}
      >
        <Stack>
          {editing.isNew && (
            <TextInput
              label="Clave"
              description="Por ejemplo dj-1943"
              required
              value={form.key}
              onChange={(e) => setForm({ ...form, key: e.currentTarget.value })}
            />
          )}
          <TextInput
            label="Fecha"
            type="date"
            required
            value={form.date}
            onChange={(e) => setForm({ ...form, date: e.currentTarget.value })}
          />
          <Checkbox
            label="Confirmada en el calendario del SII"
            checked={form.confirmed}
            onChange={(e) => setForm({ ...form, confirmed: e.currentTarget.checked })}
          />
          <TextInput
            label="Fuente"
            value={form.source}
            onChange={(e) => setForm({ ...form, source: e.currentTarget.value })}
          />
          <TextInput
            label="Nota"
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ImportSection({ year }: { year: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TaxYearImportPreview | null>(null);
  const previewing = usePreviewTaxYearImport();
  const confirming = useConfirmTaxYearImport();
  const writable = preview && preview.counts.invalid === 0 && preview.counts.new + preview.counts.changed > 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Importar fechas">
      <Title order={4} mb="xs">
        Importar fechas (.xlsx o .csv)
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Columnas: Clave, Fecha (DD-MM-AAAA), Confirmada (sí/no), Fuente, Nota. Primero se muestra cada cambio; nada se
        guarda hasta confirmar.
      </Text>
      <Group align="flex-end">
        <FileInput
          label="Planilla"
          accept=".xlsx,.csv"
          value={file}
          onChange={(next) => {
            setFile(next);
            setPreview(null);
          }}
          w={300}
        />
        <Button
          disabled={!file}
          loading={previewing.isPending}
          onClick={() =>
            file && previewing.mutate({ year, file }, { onSuccess: setPreview, onError: (error) => notifyError(error) })
          }
        >
          Revisar cambios
        </Button>
      </Group>
      {preview && (
        <Stack mt="md">
          <Text size="sm">
            {preview.counts.new} nuevas · {preview.counts.changed} cambian · {preview.counts.unchanged} sin cambios ·{' '}
            {preview.counts.invalid} con error
          </Text>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Línea</Table.Th>
                <Table.Th>Clave</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Antes</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.lines.map((line) => (
                <Table.Tr key={line.line}>
                  <Table.Td>{line.line}</Table.Td>
                  <Table.Td>{line.key ?? '—'}</Table.Td>
                  <Table.Td>{line.date ? showDate(line.date) : '—'}</Table.Td>
                  <Table.Td>{line.previous ? showDate(line.previous) : '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[line.status]} variant="light">
                      {STATUS[line.status]}
                    </Badge>
                    {line.error && (
                      <Text size="xs" c="red">
                        {line.error}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button
              disabled={!writable}
              loading={confirming.isPending}
              onClick={() =>
                file &&
                confirming.mutate(
                  { year, file },
                  {
                    onSuccess: (result) => {
                      notifySuccess(result.message);
                      setPreview(null);
                      setFile(null);
                    },
                    onError: (error) => notifyError(error),
                  },
                )
              }
            >
              Confirmar importación
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

/** 'Calendario AT {año}': the tax year's annual dates (published, changed or added by the firm), edited and imported. */
export function TaxYearPage() {
  const params = useParams();
  const year = Number(params.year) || new Date().getFullYear();
  const query = useTaxYear(year);
  const reset = useResetTaxYearDate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const title = `Calendario AT ${year}`;
  const edit = (entry: TaxYearEntryView) =>
    setEditing({
      key: entry.key,
      label: entry.label,
      date: entry.date,
      confirmed: entry.confirmed,
      source: entry.source ?? '',
      note: entry.note ?? '',
      isNew: false,
    });

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: 'Inicio', to: '/' },
          { label: 'Calendario tributario', to: '/calendario-tributario' },
          { label: title },
        ]}
      />
      <Group mb="md">
        <Button component={Link} to={`/calendario-tributario/at/${year - 1}`} variant="default">
          AT {year - 1}
        </Button>
        <Button component={Link} to={`/calendario-tributario/at/${year + 1}`} variant="default">
          AT {year + 1}
        </Button>
        <Button
          onClick={() =>
            setEditing({
              key: '',
              label: '',
              date: `${year}-01-01`,
              confirmed: false,
              source: '',
              note: '',
              isNew: true,
            })
          }
        >
          Agregar fecha
        </Button>
      </Group>
      {query.isError ? (
        <LoadError title="No se pudo cargar el calendario" query={query} />
      ) : !query.data ? (
        <Loader size="sm" role="status" aria-label="Cargando" />
      ) : (
        <Stack>
          {query.data.entries.length === 0 && (
            <Alert color="gray">No hay fechas para el AT {year}. Agrégalas o impórtalas.</Alert>
          )}
          <Table.ScrollContainer minWidth={820}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Obligación</Table.Th>
                  <Table.Th>Clave</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Confirmada</Table.Th>
                  <Table.Th>Origen</Table.Th>
                  <Table.Th>Fuente y nota</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.entries.map((entry) => (
                  <Table.Tr key={entry.key}>
                    <Table.Td>{entry.label}</Table.Td>
                    <Table.Td>{entry.key}</Table.Td>
                    <Table.Td>
                      {showDate(entry.date)}
                      {entry.shippedDate && (
                        <Text size="xs" c="dimmed">
                          publicado {showDate(entry.shippedDate)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {/* A badge's own minimum is near nothing (its label cuts with an ellipsis): the
                          table would squeeze the column below the word. */}
                      <Badge color={entry.confirmed ? 'green' : 'gray'} variant="light" miw="max-content">
                        {entry.confirmed ? 'Confirmada' : 'Sin confirmar'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{ORIGIN[entry.origin]}</Table.Td>
                    <Table.Td>
                      {entry.source && (
                        <Anchor href={entry.source} target="_blank" rel="noreferrer" size="sm">
                          Fuente
                        </Anchor>
                      )}
                      {entry.note && <Text size="xs">{entry.note}</Text>}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Editar ${entry.label}`}
                          onClick={() => edit(entry)}
                        >
                          Editar
                        </Button>
                        {entry.origin !== 'shipped' && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`${entry.origin === 'edited' ? 'Volver a la publicada' : 'Quitar'}: ${entry.label}`}
                            onClick={() =>
                              reset.mutate(
                                { year, key: entry.key },
                                {
                                  onSuccess: (result) => notifySuccess(result.message),
                                  onError: (error) => notifyError(error),
                                },
                              )
                            }
                          >
                            {entry.origin === 'edited' ? 'Volver a la publicada' : 'Quitar'}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ImportSection year={year} />
        </Stack>
      )}
      {editing && <DateModal year={year} editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
