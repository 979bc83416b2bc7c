import { documentsMsg } from '@app/shared/messages-documents';
import { Button, Stack, Text } from '@mantine/core';
import { Dropzone, type DropzoneProps, type FileRejection } from '@mantine/dropzone';
import { IconCloudUpload, IconPaperclip } from '@tabler/icons-react';
import { useRef, useState } from 'react';

/**
 * What may be uploaded, by MIME type and extension, so a phone's picker offers its
 * photos and camera for JPG/PNG and a computer's lists the right files. The server checks each
 * file's content; this only spares sending what it would refuse by its name and type alone.
 */
export const UPLOAD_ACCEPT: DropzoneProps['accept'] = {
  'application/pdf': ['.pdf'],
  'application/xml': ['.xml'],
  'text/xml': ['.xml'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
};

/** The dropzone's words; a documents' dropzone unless told (an import's takes one spreadsheet). */
export interface FileDropzoneTexts {
  hint: string;
  choose: string;
  accepted: string;
  notAccepted: (names: string) => string;
}

const DOCUMENT_TEXTS: FileDropzoneTexts = {
  hint: documentsMsg.dropHint,
  choose: documentsMsg.chooseFiles,
  accepted: documentsMsg.acceptedTypes,
  notAccepted: documentsMsg.typeNotAccepted,
};

/**
 * Where files are dropped on a computer, with a big 'Elegir archivos' button that opens the file
 * picker (on a phone, its photos, camera and files) for several files at once. Files of another
 * type are named in a Spanish message and not handed on; `error` shows the server's refusal.
 * `accept`, `multiple` and `texts` fit it to another use ('Importar empresas': one .xlsx or .csv).
 */
export function FileDropzone({
  onFiles,
  what,
  loading = false,
  error = null,
  accept = UPLOAD_ACCEPT,
  multiple = true,
  texts = DOCUMENT_TEXTS,
}: {
  onFiles: (files: File[]) => void;
  /** What the files are for, in the button's accessible name ('Elegir archivos para Cartola bancaria'). */
  what?: string;
  loading?: boolean;
  error?: string | null;
  accept?: DropzoneProps['accept'];
  multiple?: boolean;
  texts?: FileDropzoneTexts;
}) {
  const openRef = useRef<() => void>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const message = rejected ?? error;

  const onReject = (rejections: FileRejection[]) =>
    setRejected(texts.notAccepted(rejections.map(({ file }) => file.name).join(', ')));

  return (
    <Stack gap={6}>
      <Dropzone
        openRef={openRef}
        onDrop={(files) => {
          setRejected(null);
          if (files.length > 0) onFiles(files);
        }}
        onReject={onReject}
        accept={accept}
        multiple={multiple}
        loading={loading}
        activateOnClick={false}
        activateOnKeyboard={false}
        enablePointerEvents
        p="sm"
        // The button below is the control people and screen readers use; the input only carries the
        // files (named in Spanish all the same: the library names it 'file upload').
        inputProps={{ 'aria-hidden': true, 'aria-label': what ? documentsMsg.chooseFilesFor(what) : texts.choose }}
      >
        <Stack align="center" gap={6}>
          <Text size="sm" c="dimmed" ta="center" visibleFrom="sm">
            <IconCloudUpload size={20} stroke={1.5} aria-hidden style={{ verticalAlign: 'middle', marginRight: 6 }} />
            {texts.hint}
          </Text>
          <Button
            size="md"
            h={48}
            w={{ base: '100%', sm: 'auto' }}
            leftSection={<IconPaperclip size={18} aria-hidden />}
            onClick={() => openRef.current?.()}
            aria-label={what ? documentsMsg.chooseFilesFor(what) : undefined}
            disabled={loading}
          >
            {texts.choose}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {texts.accepted}
          </Text>
        </Stack>
      </Dropzone>
      {message && (
        <Text size="sm" c="red.8" role="alert" style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
      )}
    </Stack>
  );
}
