import { describe, expect, it } from 'vitest';
import { toggleOne, toggleShown } from './selection';

describe('the bulk change selection', () => {
  it('adds a company, and removes it on a second click', () => {
    const once = toggleOne(new Set([1]), 2);
    expect([...once].sort()).toEqual([1, 2]);
    expect([...toggleOne(once, 2)]).toEqual([1]);
  });

  it("'Seleccionar todas las visibles' adds only the shown companies, keeping earlier ones", () => {
    expect([...toggleShown(new Set([9]), [1, 2, 3])].sort()).toEqual([1, 2, 3, 9]);
  });

  it('adds the missing shown companies when only some are selected', () => {
    expect([...toggleShown(new Set([2]), [1, 2, 3])].sort()).toEqual([1, 2, 3]);
  });

  it('removes the shown companies when every one is selected, keeping the hidden ones', () => {
    expect([...toggleShown(new Set([1, 2, 3, 9]), [1, 2, 3])]).toEqual([9]);
  });

  it('never changes the Set it is given (React state)', () => {
    const current = new Set([1]);
    toggleOne(current, 2);
    toggleShown(current, [3]);
    expect([...current]).toEqual([1]);
  });
});
