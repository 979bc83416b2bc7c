import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import 'dayjs/locale/es';
import { createTheme, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm' });

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: 'es' }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>
            <Notifications position="top-right" limit={4} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
