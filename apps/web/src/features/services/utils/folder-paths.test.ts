import type { ServiceFolderNode } from '@app/shared/schemas/services';
import { describe, expect, it } from 'vitest';
import { flattenFolderPaths } from './folder-paths';

const folder = (
  id: number,
  name: string,
  subfolders: ServiceFolderNode[] = [],
  isActive = true,
): ServiceFolderNode => ({
  id,
  serviceId: 1,
  parentFolderId: null,
  name,
  isActive,
  clientCanUpload: false,
  subfolders,
});

describe('a service folder tree for a select', () => {
  it('lists every folder in tree order with the path of the folders above it', () => {
    const tree = [
      folder(1, 'Declaraciones', [folder(2, 'F29', [folder(3, 'Rectificatorias')]), folder(4, 'F22')]),
      folder(5, 'Contabilidad'),
    ];
    expect(flattenFolderPaths(tree).map(({ id, path }) => [id, path])).toEqual([
      [1, 'Declaraciones'],
      [2, 'Declaraciones / F29'],
      [3, 'Declaraciones / F29 / Rectificatorias'],
      [4, 'Declaraciones / F22'],
      [5, 'Contabilidad'],
    ]);
  });

  it('marks a folder inactive when it or a folder above it is inactive', () => {
    const tree = [
      folder(1, 'Archivo', [folder(2, 'Viejos')], false),
      folder(3, 'Activa', [folder(4, 'Off', [], false)]),
    ];
    expect(flattenFolderPaths(tree).map(({ id, isActive }) => [id, isActive])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, false],
    ]);
  });

  it('is empty for a service without folders', () => {
    expect(flattenFolderPaths([])).toEqual([]);
  });
});
