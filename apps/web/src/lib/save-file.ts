/**
 * Has the browser save a Blob under `name` (a download, no navigation), through a hidden link.
 * Its address is revoked a minute later, long after the click handed the file to the download.
 */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
