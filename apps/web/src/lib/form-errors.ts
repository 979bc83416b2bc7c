import { msg } from '@app/shared/messages';
import type { UseFormReturnType } from '@mantine/form';
import { ApiRequestError } from './api-client';
import { notifyError } from './notify';

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

/** The server's per-field messages on the form; when it sent none, a toast of `message`, else of the error. */
export function showServerErrors<T>(
  form: UseFormReturnType<T>,
  error: unknown,
  { message, title }: { message?: string; title?: string } = {},
) {
  if (!applyServerErrors(form, error)) notifyError(message ?? error, title);
}

/** A 409 on a user form means the e-mail is taken: says so under the e-mail field, and answers whether it did. */
export function applyEmailConflict<T>(form: UseFormReturnType<T>, error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return false;
  form.setFieldError('email', msg.emailExists);
  return true;
}
