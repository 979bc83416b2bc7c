import { Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';

/** A lazily loaded tab or section: a loader (a status region) until its code arrives. */
export const LazyPanel = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loader role="status" aria-label="Cargando" />}>{children}</Suspense>
);
