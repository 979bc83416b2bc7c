import { documentsMsg } from '@app/shared/messages-documents';
import { Button } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * Copies a file's signed link. The server lists links relative to the address the app was opened
 * at, so the copy is made absolute on that same address (window.location), which is the one that
 * works for whoever opened the app (http://192.168.x.y:3000 from another computer of the office).
 * The Clipboard API directly (not Mantine's CopyButton): the toast must say whether the copy
 * really happened ('Link copiado al portapapeles').
 */
async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(new URL(url, window.location.href).href);
    notifySuccess(documentsMsg.linkCopied);
  } catch {
    notifyError(documentsMsg.copyLinkFailed);
  }
}

export function CopyLinkButton({ url, fileName, className }: { url: string; fileName: string; className?: string }) {
  return (
    <Button
      variant="default"
      className={className}
      leftSection={<IconLink size={16} aria-hidden />}
      aria-label={`${documentsMsg.copyLink} de ${fileName}`}
      onClick={() => copyLink(url)}
    >
      {documentsMsg.copyLink}
    </Button>
  );
}
