import type { SubjectQuery } from '@app/shared/schemas/data-subjects';
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/** POST /api/data-subjects/export: the .zip (titular.json and titular.xlsx) saved under the server's name. */
export async function exportSubject(body: SubjectQuery): Promise<{ name: string }> {
  const file = await apiFile('/data-subjects/export', {
    method: 'POST',
    body,
    fallbackName: 'datos-titular.zip',
    cutMessage: 'La descarga de los datos se cortó; inténtalo de nuevo',
  });
  saveFile(file.blob, file.name);
  return { name: file.name };
}

export const useExportSubject = () => useMutation({ mutationFn: exportSubject });
