import { Alert, Loader } from '@mantine/core';
import { type Crumb, PageHeader } from './page-header';

/** A detail page whose record has not arrived: its header, then a loader or why the load failed. */
export function PageFallback({
  title,
  crumbs,
  query,
  errorTitle,
}: {
  title: string;
  crumbs: Crumb[];
  query: { isError: boolean; error: Error | null };
  errorTitle: string;
}) {
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} />
      {query.isError ? (
        <Alert color="red" title={errorTitle}>
          {query.error?.message}
        </Alert>
      ) : (
        <Loader aria-label="Cargando" />
      )}
    </>
  );
}
