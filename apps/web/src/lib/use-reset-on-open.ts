import type { UseFormReturnType } from '@mantine/form';
import { type DependencyList, useEffect } from 'react';

/**
 * Each time a modal opens, and when what it edits (`deps`) changes while it is open, its form starts
 * again from `values`: not dirty, no errors. `onReset` clears what else the modal keeps (an alert).
 */
export function useResetOnOpen<T>(
  form: UseFormReturnType<T>,
  opened: boolean,
  values: T,
  deps: DependencyList = [],
  onReset?: () => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens or what it edits changes
  useEffect(() => {
    if (!opened) return;
    form.setValues(values);
    form.resetDirty();
    form.clearErrors();
    onReset?.();
  }, [opened, ...deps]);
}
