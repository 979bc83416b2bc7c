import { describe, expect, it } from 'vitest';
import { activityDetailLines } from './activity.ts';

describe("an activity entry's details", () => {
  it('name each field as its form does, values in Spanish, and leave out a field that did not change', () => {
    expect(
      activityDetailLines({
        before: { estado: 'No comenzado', valor: null, role: 'collaborator', feb: true },
        after: { estado: 'Terminado', valor: null, role: 'owner', feb: false },
      }),
    ).toEqual(['Estado: No comenzado → Terminado', 'Rol: Colaborador → Dueño', 'Febrero: sí → no']);
  });

  it('show what a creation set and what a deletion had', () => {
    expect(activityDetailLines({ after: { razonSocial: 'Los Aromos SpA', endContract: null } })).toEqual([
      'Razón social: Los Aromos SpA',
      'Fin de contrato: —',
    ]);
    expect(activityDetailLines({ before: { name: 'IVA' } })).toEqual(['Nombre: IVA']);
    expect(activityDetailLines(null)).toEqual([]);
  });
});
