import type { ServiceFolderNode } from '@app/shared/schemas/services';

/** A folder template with the names of the folders above it: 'Declaraciones / F29'. */
export interface FolderPath {
  id: number;
  path: string;
  isActive: boolean;
}

/**
 * The service's folder tree as one list in tree order (each folder, then its subfolders), each
 * with its path from the top: what a request item's folder select lists. A folder under an
 * inactive one counts as inactive too (its company folders are hidden).
 */
export function flattenFolderPaths(
  folders: ServiceFolderNode[],
  above: string[] = [],
  activeAbove = true,
): FolderPath[] {
  return folders.flatMap((folder) => {
    const names = [...above, folder.name];
    const isActive = activeAbove && folder.isActive;
    return [
      { id: folder.id, path: names.join(' / '), isActive },
      ...flattenFolderPaths(folder.subfolders, names, isActive),
    ];
  });
}
