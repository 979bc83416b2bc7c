import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own import rules, run by dependency-cruiser over fixtures/: a small tree laid out
// like the real workspaces, so that the same path rules apply to it. Each fixture file says in a
// comment whether its imports are allowed or refused.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

let result: ICruiseResult;
const reported = () => result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);

beforeAll(async () => {
  const options = await extractDepcruiseOptions(`${ROOT}.dependency-cruiser.cjs`);
  const tsConfig = extractTSConfig(`${ROOT}tsconfig.base.json`);
  const { output } = await cruise(['apps', 'packages'], { ...options, baseDir: FIXTURES }, {}, { tsConfig });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text instead of its result');
  result = output;
}, 60_000);

const server = 'apps/server/src';
const web = 'apps/web/src';
const shared = 'packages/shared/src';

describe('the import rules of .dependency-cruiser.cjs', () => {
  it('report every forbidden import of the fixtures, with its rule, and nothing else', () => {
    expect(reported().sort()).toEqual(
      [
        // Another module's repository, whatever the import's text: no extension, through modules/, from a test.
        `server-module-to-other-module-internals: ${server}/modules/notes/notes.service.ts → ${server}/modules/users/users.repository.ts`,
        `server-module-to-other-module-internals: ${server}/modules/notes/notes.routes.ts → ${server}/modules/users/users.repository.ts`,
        `server-tables-tests-to-other-module-code: ${server}/modules/notes/notes.routes.test.ts → ${server}/modules/users/users.repository.ts`,
        // Another module's tables and presenter.
        `server-module-to-other-module-internals: ${server}/modules/notes/notes.repository.ts → ${server}/modules/users/users.tables.ts`,
        `server-module-to-other-module-internals: ${server}/modules/notes/notes.presenter.ts → ${server}/modules/users/users.presenter.ts`,
        // A module's table left in db/schema/, and the barrel, outside the backup.
        `server-module-to-non-platform-table: ${server}/modules/notes/notes.repository.ts → ${server}/db/schema/notes.ts`,
        `server-module-to-non-platform-table: ${server}/modules/notes/notes.repository.ts → ${server}/db/schema/index.ts`,
        `server-backup-reads-tables-through-barrel: ${server}/modules/backup/backup.repository.ts → ${server}/db/schema/notes.ts`,
        // `../../compose-modules`, written without its extension.
        `server-module-to-composition: ${server}/modules/notes/notes.module.ts → ${server}/compose-modules.ts`,
        `server-lib-to-upper-layers: ${server}/lib/clock.ts → ${server}/config.ts`,
        `no-test-support-in-source: ${server}/modules/users/seed.ts → ${server}/modules/users/users.fixture.ts`,
        `not-to-unresolvable: ${server}/plugins/missing.ts → ./not-there.ts`,
        // A cross-feature import from a file three folders deep.
        `web-feature-to-other-feature: ${web}/features/a/x/y/z.ts → ${web}/features/b/b-list.ts`,
        `web-components-lib-to-upper-layers: ${web}/components/notes-widget.ts → ${web}/api/notes/get-notes.ts`,
        `web-components-lib-to-upper-layers: ${web}/lib/b-count.ts → ${web}/features/b/b-list.ts`,
        `web-api-to-ui: ${web}/api/tasks/update-task.ts → ${web}/components/board-cells.ts`,
        `web-to-server: ${web}/lib/server-port.ts → ${server}/config.ts`,
        `web-e2e-to-server-source: apps/web/e2e/push.spec.ts → ${server}/config.ts`,
        `server-to-web: ${server}/plugins/spa.ts → ${web}/features/b/b-list.ts`,
        `shared-to-apps: ${shared}/server-config.ts → ${server}/config.ts`,
        `no-circular: ${shared}/cycle-a.ts → ${shared}/cycle-b.ts`,
      ].sort(),
    );
  });

  it('report a cycle with its whole path, counting a type-only import', () => {
    const cycle = result.summary.violations.find(({ rule }) => rule.name === 'no-circular');
    expect(cycle?.cycle?.map(({ name }) => name)).toEqual([`${shared}/cycle-b.ts`, `${shared}/cycle-a.ts`]);
    expect(cycle?.cycle?.[1]?.dependencyTypes).toContain('type-only');
  });

  it.each([
    ['a module importing its own repository', `${server}/modules/users/users.service.ts`, './users.repository.ts'],
    ['a module importing its own tables', `${server}/modules/users/users.repository.ts`, './users.tables.ts'],
    ['a module importing a platform table', `${server}/modules/users/users.service.ts`, '../../db/schema/activity.ts'],
    ['the backup reading the tables barrel', `${server}/modules/backup/backup.service.ts`, '../../db/schema/index.ts'],
    ['a test importing its module’s fixture', `${server}/modules/users/users.routes.test.ts`, './users.fixture.ts'],
    ['a test importing test support', `${server}/modules/users/users.routes.test.ts`, '../../test/factories.ts'],
    [
      'a table naming another module’s table for a foreign key',
      `${server}/modules/notes/notes.tables.ts`,
      '../users/users.tables.ts',
    ],
    [
      'a test setting up another module’s rows',
      `${server}/modules/notes/notes.routes.test.ts`,
      '../users/users.tables.ts',
    ],
    ['test support seeding a module’s tables', `${server}/test/factories.ts`, '../modules/users/users.tables.ts'],
    ['a feature importing itself through ../../', `${web}/features/a/x/panel.ts`, '../../a/a-home.ts'],
    [
      'a browser test using the server’s test support',
      'apps/web/e2e/push.spec.ts',
      '../../server/src/test/factories.ts',
    ],
  ])('allow %s', (_case, from, specifier) => {
    const source = result.modules.find((module) => module.source === from);
    const dependency = source?.dependencies.find(({ module }) => module === specifier);
    expect(dependency?.resolved).toBeDefined();
    expect(dependency?.valid).toBe(true);
    expect(reported().filter((line) => line.includes(`: ${from} → ${dependency?.resolved}`))).toEqual([]);
  });

  it('resolve @app/shared/* through the workspace package to packages/shared/src', () => {
    const monthLabel = result.modules.find((module) => module.source === `${web}/lib/month-label.ts`);
    const months = monthLabel?.dependencies.find(({ module }) => module === '@app/shared/months');
    expect(months?.couldNotResolve).toBe(false);
    expect(months?.resolved).toMatch(/(^|\/)packages\/shared\/src\/months\.ts$/);
  });
});
