import fs from 'node:fs';
import path from 'node:path';
import { foldText } from '@app/shared/subject-match';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client.ts';
import { FOLD_FROM, FOLD_TO } from './subject-search.ts';

describe('subject_fold', () => {
  const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0037_data_subjects.sql'), 'utf8');

  it('is the migration’s function over these very letters', () => {
    expect(migration).toContain(`translate(lower(value), '${FOLD_FROM}', '${FOLD_TO}')`);
    expect([...FOLD_FROM].length).toBe([...FOLD_TO].length);
  });

  it('folds each letter as the screen folds it (accents, ñ and case away)', () => {
    [...FOLD_FROM].forEach((letter, index) => {
      expect(foldText(letter), letter).toBe([...FOLD_TO][index]);
    });
  });
});
