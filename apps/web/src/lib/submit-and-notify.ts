import type { MessageResponse } from '@app/shared/errors';
import type { UseFormReturnType } from '@mantine/form';
import { showServerErrors } from './form-errors';
import { notifySuccess } from './notify';

/**
 * A form's save: runs it, shows the server's message and then calls `onSaved` (e.g. closes the
 * modal). A failure goes to `onError`; by default the server's per-field messages land on the form,
 * else the error shows in a toast.
 */
export async function submitAndNotify<T, R extends MessageResponse>(
  form: UseFormReturnType<T>,
  save: () => Promise<R>,
  {
    onSaved,
    onError = (error) => showServerErrors(form, error),
  }: { onSaved?: (result: R) => void; onError?: (error: unknown) => void } = {},
): Promise<void> {
  try {
    const result = await save();
    notifySuccess(result.message);
    onSaved?.(result);
  } catch (error) {
    onError(error);
  }
}
