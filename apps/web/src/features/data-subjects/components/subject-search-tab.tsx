import { dataSubjectsMsg } from '@app/shared/messages-data-subjects';
import { can } from '@app/shared/permissions';
import type {
  SubjectPlaceResult,
  SubjectQuery,
  SubjectSearchResult,
  SubjectSuppressed,
  SuppressionLine,
} from '@app/shared/schemas/data-subjects';
import { readSubjectTerm, SUBJECT_SEARCH_LABELS, type SubjectSearchKind } from '@app/shared/subject-match';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconSearch, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useExportSubject } from '../../../api/data-subjects/export-subject';
import { useSearchSubject } from '../../../api/data-subjects/search-subject';
import { useSuppressSubject } from '../../../api/data-subjects/suppress-subject';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';

const KINDS = (Object.keys(SUBJECT_SEARCH_LABELS) as SubjectSearchKind[]).map((value) => ({
  value,
  label: SUBJECT_SEARCH_LABELS[value],
}));

/** An alert's title in the text's own colour: the light alerts' coloured titles read below 4.5:1. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** The message of a refused request for the field (a RUT without its check digit…), or null. */
function fieldError(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  return error.errors.find((entry) => entry.field === 'value')?.message ?? null;
}

/**
 * 'Buscar titular' (a data subject's rights, Ley 21.719): find a person by e-mail, RUT or name across
 * the app, export everything found, or suppress it. Owners only; every step is in the activity log.
 */
export function SubjectSearchTab() {
  const user = useCurrentUser();
  const [by, setBy] = useState<SubjectSearchKind>('email');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** What the shown result was searched with: export and suppress act on it, not on the field's new text. */
  const [searched, setSearched] = useState<SubjectQuery | null>(null);
  const [result, setResult] = useState<SubjectSearchResult | null>(null);
  const [suppressed, setSuppressed] = useState<SubjectSuppressed | null>(null);
  const [confirming, confirm] = useDisclosure(false);
  const search = useSearchSubject();
  const exporting = useExportSubject();
  const suppress = useSuppressSubject();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readSubjectTerm(by, value);
    if (!read.ok) {
      setError(read.message);
      return;
    }
    setError(null);
    const query = { by, value };
    try {
      const found = await search.mutateAsync(query);
      setSearched(query);
      setResult(found);
      setSuppressed(null);
    } catch (failure) {
      const message = fieldError(failure);
      if (message) setError(message);
      else notifyError(failure);
    }
  };

  const download = async () => {
    if (!searched) return;
    try {
      const { name } = await exporting.mutateAsync(searched);
      notifySuccess(`Descargado: ${name}`);
    } catch (failure) {
      notifyError(failure, dataSubjectsMsg.exportFailed);
    }
  };

  const runSuppression = async () => {
    if (!searched) return;
    try {
      const outcome = await suppress.mutateAsync(searched);
      confirm.close();
      setSuppressed(outcome);
      setResult(null);
      // The term names the person: it leaves the screen with the rest.
      setValue('');
      setSearched(null);
    } catch (failure) {
      confirm.close();
      notifyError(failure, dataSubjectsMsg.suppressFailed);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={760}>
        {dataSubjectsMsg.intro}
      </Text>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="subject-search-by">
                {dataSubjectsMsg.searchBy}
              </Text>
              <SegmentedControl
                aria-labelledby="subject-search-by"
                value={by}
                onChange={(next) => {
                  setBy(next as SubjectSearchKind);
                  setError(null);
                }}
                data={KINDS}
                style={{ alignSelf: 'flex-start' }}
              />
            </Stack>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={dataSubjectsMsg.termLabel}
                placeholder={dataSubjectsMsg.termPlaceholder[by]}
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
                error={error}
                autoComplete="off"
                style={{ flex: '1 1 260px', maxWidth: 480 }}
              />
              <Button
                type="submit"
                mt={{ base: 0, xs: 25 }}
                leftSection={<IconSearch size={16} aria-hidden />}
                loading={search.isPending}
              >
                {dataSubjectsMsg.search}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {suppressed && <SuppressionOutcome outcome={suppressed} />}

      {result && (
        <SearchResult
          result={result}
          actions={
            result.count > 0 && (
              <Group gap="sm">
                {can(user, 'data-subjects:export') && (
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={16} aria-hidden />}
                    loading={exporting.isPending}
                    onClick={download}
                    title={dataSubjectsMsg.exportHint}
                  >
                    {dataSubjectsMsg.export}
                  </Button>
                )}
                {can(user, 'data-subjects:suppress') && (
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    disabled={result.suppressRefusal !== null}
                    onClick={confirm.open}
                  >
                    {dataSubjectsMsg.suppress}
                  </Button>
                )}
              </Group>
            )
          }
        />
      )}

      <Modal opened={confirming} onClose={confirm.close} title={dataSubjectsMsg.suppressTitle} size="lg">
        <Stack gap="sm">
          <Text size="sm">{dataSubjectsMsg.suppressIntro}</Text>
          {result && (
            <List size="sm" spacing={2}>
              {result.places
                .filter((place) => place.count > 0)
                .map((place) => (
                  <List.Item key={place.place}>
                    {place.label}: {place.count.toLocaleString('es-CL')}
                  </List.Item>
                ))}
            </List>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirm.close} data-autofocus>
              {dataSubjectsMsg.suppressCancel}
            </Button>
            <Button color="red" loading={suppress.isPending} onClick={runSuppression}>
              {dataSubjectsMsg.suppressConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function SearchResult({ result, actions }: { result: SubjectSearchResult; actions: ReactNode }) {
  const withHits = result.places.filter((place) => place.count > 0);
  const without = result.places.filter((place) => place.count === 0);
  return (
    <Stack gap="sm" aria-live="polite">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text fw={500}>
          {result.count === 0
            ? dataSubjectsMsg.nothingFound
            : result.more
              ? dataSubjectsMsg.foundMore(result.count)
              : dataSubjectsMsg.found(result.count)}
        </Text>
        {actions}
      </Group>
      {result.widened && (
        <Text size="sm" c="dimmed">
          {dataSubjectsMsg.alsoSearched}
        </Text>
      )}
      {result.count > 0 && result.suppressRefusal && (
        <Alert color="yellow" variant="light" title="No se puede suprimir" styles={READABLE_TITLE}>
          {result.suppressRefusal}
        </Alert>
      )}
      {withHits.map((place) => (
        <PlaceCard key={place.place} place={place} />
      ))}
      {result.count > 0 && without.length > 0 && (
        <Text size="sm" c="dimmed">
          Sin resultados en: {without.map((place) => place.label).join(', ')}
        </Text>
      )}
    </Stack>
  );
}

function PlaceCard({ place }: { place: SubjectPlaceResult }) {
  const headingId = `subject-place-${place.place}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" mb="xs" wrap="nowrap" gap="sm">
        <Title order={3} size="h5" id={headingId}>
          {place.label}
        </Title>
        <Badge variant="light" title={place.more ? dataSubjectsMsg.moreThan(place.count) : undefined}>
          {place.more ? `${place.count.toLocaleString('es-CL')}+` : place.count.toLocaleString('es-CL')}
        </Badge>
      </Group>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {place.hits.map((hit) => (
          <li key={hit.id}>
            <Anchor component={Link} to={hit.link} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {hit.title || 'Sin título'}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[hit.detail, hit.at ? formatDateTime(hit.at) : ''].filter(Boolean).join(' · ')}
            </Text>
          </li>
        ))}
      </Stack>
      {(place.more || place.count > place.hits.length) && (
        <Text size="xs" c="dimmed" mt="xs">
          {place.more
            ? dataSubjectsMsg.moreThanCounted(place.hits.length, place.count)
            : dataSubjectsMsg.moreThanShown(place.hits.length, place.count)}
        </Text>
      )}
    </Paper>
  );
}

function Lines({ title, lines, empty }: { title: string; lines: SuppressionLine[]; empty: string }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {lines.map((line) => (
            <List.Item key={line.what}>
              <Text size="sm" span fw={500}>
                {line.what} ({line.count.toLocaleString('es-CL')})
              </Text>
              <Text size="xs" c="dimmed">
                {line.reason}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** What a suppression did: a plain list of what was removed and of what was kept, each with why. */
function SuppressionOutcome({ outcome }: { outcome: SubjectSuppressed }) {
  return (
    <Paper withBorder p="md" radius="md" aria-live="polite">
      <Stack gap="md">
        <Alert color="green" variant="light" title={dataSubjectsMsg.suppressedTitle} styles={READABLE_TITLE}>
          {dataSubjectsMsg.suppressedAs(outcome.pseudonym)}
        </Alert>
        <Lines title={dataSubjectsMsg.removedTitle} lines={outcome.removed} empty={dataSubjectsMsg.nothingRemoved} />
        <Lines title={dataSubjectsMsg.keptTitle} lines={outcome.kept} empty={dataSubjectsMsg.nothingKept} />
      </Stack>
    </Paper>
  );
}
