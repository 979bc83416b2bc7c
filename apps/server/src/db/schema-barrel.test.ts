import fs from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as everyTable from './schema/index.ts';

const SRC = path.resolve(import.meta.dirname, '..');

/** The platform's tables (db/schema/*.ts) and each module's own (modules/<module>/*.tables.ts). */
function tableFiles(): string[] {
  const platform = fs
    .readdirSync(path.join(SRC, 'db/schema'))
    .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
    .map((name) => path.join('db/schema', name));
  const modules = fs
    .readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      fs
        .readdirSync(path.join(SRC, 'modules', entry.name))
        .filter((name) => name.endsWith('.tables.ts'))
        .map((name) => path.join('modules', entry.name, name)),
    );
  return [...platform, ...modules];
}

it('the all-tables list (what drizzle-kit compares with the migrations) holds every table file', async () => {
  const listed = new Set(Object.values(everyTable).filter(isTable).map(getTableName));
  for (const file of tableFiles()) {
    const tables = Object.values(await import(path.join(SRC, file))).filter(isTable);
    expect(tables.length, `${file} declares no table`).toBeGreaterThan(0);
    for (const table of tables) expect(listed, `${file}: ${getTableName(table)}`).toContain(getTableName(table));
  }
});
