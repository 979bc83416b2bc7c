import { msg } from '@app/shared/messages';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconRefresh, IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../lib/api-client';

/** What a failed load needs from its query (a TanStack Query result fits). */
export interface FailedQuery {
  error: Error | null;
  refetch: () => unknown;
  isFetching?: boolean;
}

export interface BackLink {
  to: string;
  label: string;
}

/** Where a record that does not exist, or a page of no screen, leads back to. */
function BackButton({ back }: { back: BackLink }) {
  return (
    <Button component={Link} to={back.to} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {back.label}
    </Button>
  );
}

/**
 * Something that is not there: the record (the server's 404 message) or the page. Grey, with a
 * way back; never mistaken for an empty list.
 */
export function NotFoundState({ title, children, back }: { title: string; children?: ReactNode; back: BackLink }) {
  return (
    <Alert color="gray" variant="light" icon={<IconSearchOff size={20} aria-hidden />} title={title}>
      {children && (
        <Text size="sm" mb="sm">
          {children}
        </Text>
      )}
      <BackButton back={back} />
    </Alert>
  );
}

/**
 * A load that failed, the same on every screen: what failed (title), why (the server's message)
 * and 'Reintentar', plus a way back where there is one. A 404 says the record does not exist
 * instead (no retry: it would fail again), with `missingHint` when the screen can say why.
 */
export function LoadError({
  title,
  query,
  back,
  missingHint,
}: {
  title: string;
  query: FailedQuery;
  back?: BackLink;
  missingHint?: string;
}) {
  if (back && query.error instanceof ApiRequestError && query.error.status === 404) {
    return (
      <NotFoundState title={query.error.message} back={back}>
        {missingHint}
      </NotFoundState>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title={title}>
      {query.error?.message && (
        <Text size="sm" mb="sm">
          {query.error.message}
        </Text>
      )}
      <Group gap="xs">
        <Button
          variant="light"
          color="red"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={query.isFetching}
          onClick={() => query.refetch()}
        >
          {msg.retry}
        </Button>
        {back && <BackButton back={back} />}
      </Group>
    </Alert>
  );
}
