import { useState } from 'react';

interface PreviewRequest<Result> {
  data?: Result;
  isPending: boolean;
  reset(): void;
}

/**
 * What every spreadsheet import of billing keeps between choosing a file and confirming it: the file,
 * its preview (none while a new one is asked for) and a close that forgets both. `ask` sends the
 * chosen file for its preview; `forget` clears what the modal keeps besides.
 */
export function useSheetImport<Result>({
  preview,
  confirm,
  ask,
  onClose,
  forget,
}: {
  preview: PreviewRequest<Result>;
  confirm: { reset(): void };
  ask: (file: File) => void;
  onClose: () => void;
  forget?: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  return {
    file,
    result: preview.isPending ? undefined : preview.data,
    check(chosen: File) {
      setFile(chosen);
      ask(chosen);
    },
    close() {
      setFile(null);
      forget?.();
      preview.reset();
      confirm.reset();
      onClose();
    },
  };
}
