import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

// The web shows the due dates the API computes. The holiday library behind them carries
// every country's data (~1.5 MB minified, ~240 KB gzip'd), so no web file may import it.
const SRC = path.resolve(import.meta.dirname, '..');

describe('the web bundle', () => {
  it('imports neither date-holidays nor the shared module that binds it (due-dates-cl)', () => {
    const offenders = sourceFiles(SRC).filter((file) =>
      /from ['"](date-holidays|@app\/shared\/due-dates-cl)['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
