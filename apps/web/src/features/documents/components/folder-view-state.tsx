import { documentsMsg } from '@app/shared/messages-documents';
import { Loader, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { type BackLink, type FailedQuery, LoadError } from '../../../components/load-error';

/**
 * A folder view that has not arrived: placeholders while it loads; when it failed, LoadError (why,
 * 'Reintentar' and the way back); a folder that does not exist in that period (404 'La carpeta no
 * existe', e.g. after changing the month) gets the way back and `missingHint`.
 */
export function FolderViewState({
  query,
  back,
  missingHint,
}: {
  query: FailedQuery & { isError: boolean };
  back: BackLink;
  /** What a 404 means here; e.g. a folder that does not apply to the chosen month. */
  missingHint?: string;
}) {
  if (query.isError) {
    return <LoadError title={documentsMsg.loadFailed} query={query} back={back} missingHint={missingHint} />;
  }
  return (
    <Stack gap="sm" aria-busy>
      <Loader size="sm" role="status" aria-label="Cargando" />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 5 }} spacing="sm">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={64} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
