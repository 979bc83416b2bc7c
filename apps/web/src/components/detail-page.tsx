import { Stack, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FailedQuery } from './load-error';
import { PageFallback } from './page-fallback';
import { PageHeader } from './page-header';

/**
 * A detail screen (a company, group, task, service): 'Inicio / <list> / <record's name>', the
 * name as title, and its sections once it has loaded; until then a loader, or why the load failed
 * with the way back to the list.
 */
export function DetailPage<T extends { name: string }>({
  query,
  list,
  fallbackTitle,
  errorTitle,
  title = (record) => record.name,
  crumb,
  actions,
  gap = 'xl',
  children,
}: {
  query: FailedQuery & { isError: boolean; data: T | undefined };
  /** The list the record belongs to: its crumb, and the way back when the record cannot load. */
  list: { label: string; to: string };
  /** The title while the record loads or fails. */
  fallbackTitle: string;
  errorTitle: string;
  /** The title of the loaded record, when it is not its name. */
  title?: (record: T) => string;
  /** The last crumb, when it is not the record's name. */
  crumb?: string;
  /** Buttons beside the loaded record's title (a company's 'Informe mensual'). */
  actions?: (record: T) => ReactNode;
  gap?: StackProps['gap'];
  children: (record: T) => ReactNode;
}) {
  const record = query.data;
  const crumbs = [
    { label: 'Inicio', to: '/' },
    { label: list.label, to: list.to },
    { label: crumb ?? record?.name ?? '…' },
  ];
  if (!record) {
    return (
      <PageFallback
        title={fallbackTitle}
        crumbs={crumbs}
        query={query}
        errorTitle={errorTitle}
        back={{ to: list.to, label: `Volver a ${list.label}` }}
      />
    );
  }
  return (
    <>
      <PageHeader title={title(record)} crumbs={crumbs} actions={actions?.(record)} />
      <Stack gap={gap}>{children(record)}</Stack>
    </>
  );
}
