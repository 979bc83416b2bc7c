import { documentsMsg } from '@app/shared/messages-documents';
import { Button } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * Copies a file's signed link. The Clipboard API directly (not Mantine's CopyButton): the toast
 * must say whether the copy really happened ('Link copiado al portapapeles', spec 2 §8).
 */
async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
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
