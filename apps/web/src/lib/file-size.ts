const decimal = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 });

/** A file's size as people read it, in Chilean Spanish: '512 B', '12,5 KB', '3,2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${decimal.format(bytes / 1024)} KB`;
  return `${decimal.format(bytes / (1024 * 1024))} MB`;
}
