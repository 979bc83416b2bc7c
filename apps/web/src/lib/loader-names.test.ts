import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

const SRC = path.resolve(import.meta.dirname, '..');

describe('loaders', () => {
  // Mantine's Loader is a bare <span>: a name on it without a role is one screen readers may not
  // announce, and axe counts it as a serious problem (aria-prohibited-attr).
  it('named with aria-label are status regions (role="status")', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<Loader\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => tag.includes('aria-label') && !tag.includes('role="status"'))
        .map((tag) => `${path.relative(SRC, file)}: ${tag}`),
    );
    expect(offenders).toEqual([]);
  });
});
