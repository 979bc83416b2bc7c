import type { UseFormReturnType } from '@mantine/form';
import { ApiRequestError } from './api-client';

/**
 * Shows the server's per-field messages on the form (e.g. 'El email ya existe' under the e-mail)
 * and answers whether any field took one.
 */
export function applyServerErrors<T>(form: UseFormReturnType<T>, error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const fieldErrors = Object.fromEntries(
    error.errors.filter((entry) => entry.field).map((entry) => [entry.field, entry.message]),
  );
  if (Object.keys(fieldErrors).length === 0) return false;
  form.setErrors(fieldErrors);
  return true;
}
