import { documentsMsg } from '@app/shared/messages-documents';
import { Alert, Button, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconFolderOff, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * A folder view that has not arrived: placeholders while it loads; when it failed, why, with
 * 'Reintentar'; a folder that does not exist in that period (404 'La carpeta no existe', e.g. after
 * changing the month) gets a way back instead.
 */
export function FolderViewState({
  query,
  back,
  missingHint,
}: {
  query: { isError: boolean; error: Error | null; refetch: () => unknown; isFetching: boolean };
  back: { to: string; label: string };
  /** What a 404 means here; e.g. a folder that does not apply to the chosen month. */
  missingHint?: string;
}) {
  if (!query.isError) {
    return (
      <Stack gap="sm" aria-busy>
        <Loader size="sm" aria-label="Cargando" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 5 }} spacing="sm">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height={64} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
  if (notFound) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconFolderOff size={20} aria-hidden />}
        title={query.error?.message ?? documentsMsg.folderNotFound}
      >
        {missingHint && (
          <Text size="sm" mb="sm">
            {missingHint}
          </Text>
        )}
        <Button component={Link} to={back.to} variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {back.label}
        </Button>
      </Alert>
    );
  }
  return (
    <Alert color="red" title={documentsMsg.loadFailed}>
      <Text size="sm" mb="sm">
        {query.error?.message}
      </Text>
      <Group gap="xs">
        <Button
          variant="light"
          color="red"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={query.isFetching}
          onClick={() => query.refetch()}
        >
          {documentsMsg.retry}
        </Button>
        <Button component={Link} to={back.to} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {back.label}
        </Button>
      </Group>
    </Alert>
  );
}
