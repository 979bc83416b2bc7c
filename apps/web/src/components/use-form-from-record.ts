import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';

/**
 * Fills a detail screen's form once per record: refetches after the other sections' saves must not
 * wipe what the user is editing.
 */
export function useFormFromRecord<Values, T extends { id: number }>(
  form: UseFormReturnType<Values>,
  record: T | undefined,
  toValues: (record: T) => Partial<Values>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another record loads
  useEffect(() => {
    if (!record) return;
    form.setValues(toValues(record));
    form.resetDirty();
  }, [record?.id]);
}
