import type { UseFormReturnType } from '@mantine/form';
import { ApiRequestError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

/**
 * The server's refusals on the form's fields, a nested field on its top one ('effectiveFrom.month'
 * on 'effectiveFrom'); without any field, a toast.
 */
export function showBillingErrors<T>(form: UseFormReturnType<T>, error: unknown) {
  const named = error instanceof ApiRequestError ? error.errors.filter((entry) => entry.field) : [];
  if (named.length === 0) return notifyError(error);
  const errors: Record<string, string> = {};
  for (const entry of named) {
    const field = entry.field.split('.')[0] ?? entry.field;
    errors[field] ??= entry.message;
  }
  form.setErrors(errors);
}
