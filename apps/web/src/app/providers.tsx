import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/charts/styles.css';
import 'mantine-datatable/styles.css';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { focusFirstInvalidFieldOnSubmit } from '../lib/focus-invalid-field';
import { queryClient } from '../lib/query-client';

// Shade 8 and darker secondary, placeholder and error colours keep text at WCAG AA contrast on white.
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'sm',
  // A user whose system asks for less motion gets menus, modals and toasts without their transitions.
  respectReducedMotion: true,
  components: {
    // Plain entries rather than Modal.extend / Notification.extend: `.extend` imports the component,
    // which would put the modal (focus trap, scroll lock, scroll area) and the toast into the sign-in
    // page's script; both load only behind sign-in.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    // Toasts: a named close button, and the text under the title in gray 7 (Mantine's gray 6 reads
    // 3.3:1 on white).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    // No hidden placeholder inside a menu: a menu holds menu items only (ARIA), and opening it
    // focuses its first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A field's error is announced as it appears, not only when the field is reached again.
    InputWrapper: { defaultProps: { errorProps: { role: 'alert' } } },
  },
});

const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-color-placeholder': '#6b7280',
    '--mantine-color-error': resolved.colors.red[9],
  },
  dark: {},
});

export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(focusFirstInvalidFieldOnSubmit, []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
