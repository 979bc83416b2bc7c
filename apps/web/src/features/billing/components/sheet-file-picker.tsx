import { Text } from '@mantine/core';
import { FileDropzone } from '../../../components/file-dropzone';
import { SHEET_ACCEPT, SHEET_TEXTS } from '../utils/sheet-dropzone';

/** The one spreadsheet (.xlsx or .csv) an import reads, and the name of the file chosen. */
export function SheetFilePicker({
  file,
  onFile,
  busy,
  error,
}: {
  file: File | null;
  onFile: (file: File) => void;
  busy: boolean;
  error: string | null;
}) {
  return (
    <>
      <FileDropzone
        onFiles={([chosen]) => chosen && onFile(chosen)}
        accept={SHEET_ACCEPT}
        multiple={false}
        texts={SHEET_TEXTS}
        loading={busy}
        error={error}
      />
      {file && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {`Archivo: ${file.name}`}
        </Text>
      )}
    </>
  );
}
