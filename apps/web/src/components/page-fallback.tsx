import { Loader } from '@mantine/core';
import { type BackLink, type FailedQuery, LoadError } from './load-error';
import { type Crumb, PageHeader } from './page-header';

/**
 * A detail page whose record has not arrived: its header, then a loader, or why the load failed
 * (LoadError: 'Reintentar', or the record does not exist) with the way back to its list.
 */
export function PageFallback({
  title,
  crumbs,
  query,
  errorTitle,
  back,
}: {
  title: string;
  crumbs: Crumb[];
  query: FailedQuery & { isError: boolean };
  errorTitle: string;
  back: BackLink;
}) {
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} />
      {query.isError ? (
        <LoadError title={errorTitle} query={query} back={back} />
      ) : (
        <Loader role="status" aria-label="Cargando" />
      )}
    </>
  );
}
