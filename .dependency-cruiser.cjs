// Import boundaries of the repository, checked by dependency-cruiser on RESOLVED paths: an import is
// judged by the file it reaches, not by how its text is written, so `../users/users.repository`,
// `../../modules/users/users.repository.ts` and `@app/shared/...` are all seen for what they are.
// `npm run lint` runs it (scripts/depcruise/rules.test.ts checks every rule on a small tree).
//
// Paths are relative to the folder dependency-cruiser runs in (the repository root). Test files are
// held to the rules of the code they test, except that they may build the app, reach the database and
// set up any module's rows through its tables.

/**
 * Files that exist to support tests, never imported by the code that ships: the server's test/ folder,
 * fixtures (`*.fixture.ts`, `*-fixtures.ts`, `fixtures/`), the browser tests and their Playwright
 * config, and the test files themselves.
 */
const TEST_SUPPORT = [
  '^apps/server/src/test/',
  '[.-]fixtures?[.]ts$',
  '(^|/)fixtures/',
  '(^|/)e2e/',
  '(^|/)playwright[.]config[.]ts$',
  '[.](test|spec)[.]tsx?$',
];

/**
 * Table files of db/schema/ that every module may use, because the platform owns them rather than a
 * feature: the activity log that each module writes (db/activity-log.ts), the idempotency keys of the
 * creating POSTs (plugins/idempotency.ts) and the fingerprints of the secret keys checked at startup
 * (db/key-fingerprints.ts). Every other table belongs to one module and lives beside it in
 * `modules/<module>/<name>.tables.ts`; db/schema/index.ts gathers them all for migrations and backup.
 */
/** A module's tables, repository and presenter: what only the module itself imports. */
const MODULE_INTERNALS = '^apps/server/src/modules/[^/]+/.+[.](tables|repository|presenter)[.]ts$';

/** Test files: they may build the whole app and set up any module's rows directly. */
const TEST_FILES = '[.](test|spec)[.]tsx?$';
/** A module's Drizzle tables, which reference other modules' tables for their foreign keys. */
const TABLE_FILES = '[.]tables[.]ts$';
/**
 * The one read left across tables: the month's request list joins the companies' and services'
 * names in SQL, since it is sorted and paged by company name and cached as those tables change.
 */
const REQUEST_LIST_JOIN = '^apps/server/src/modules/requests/requests[.]repository[.]ts$';

const PLATFORM_TABLES = ['activity', 'idempotency', 'key-fingerprints'];
const PLATFORM_TABLE_FILES = `^apps/server/src/db/schema/(${PLATFORM_TABLES.join('|')})[.]ts$`;

/** The composition of the server and the programs built on it. */
const SERVER_COMPOSITION = [
  '^apps/server/src/(app|compose-modules|main)[.]ts$',
  '^apps/server/src/demo/',
  '^apps/server/src/backup-cli/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No file imports itself through others: a cycle must be loaded, read and changed as one piece. ' +
        'Type-only imports count too: they tie the design together just the same.',
      // Drizzle's foreign keys tie the users and businesses tables to each other (a client user's company,
      // a company's responsible); their two files reference each other lazily and are the one cycle
      // allowed: one made of table files only.
      from: { pathNot: TABLE_FILES },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'Every import resolves to a file or an installed package: one that does not resolve escapes every ' +
        'other rule, since they judge the file an import reaches.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-test-support-in-source',
      severity: 'error',
      comment:
        'Shipped code does not import tests or their support (test/, fixtures, e2e/): only tests use them, ' +
        'and a test may import the fixtures of the module it tests.',
      from: { path: '^(apps|packages)/', pathNot: TEST_SUPPORT },
      to: { path: TEST_SUPPORT },
    },

    // --- server --------------------------------------------------------------------------------
    {
      name: 'server-module-to-other-module-internals',
      severity: 'error',
      comment:
        "A module uses another module's service (handed in through its Deps), never its tables, repository " +
        'or presenter: each module owns its data and how it is shown.',
      // $1 in `to` is the module the importing file is in (the group of `from.path`).
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: [TEST_FILES, TABLE_FILES, REQUEST_LIST_JOIN] },
      to: {
        path: MODULE_INTERNALS,
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-tables-tests-to-other-module-code',
      severity: 'error',
      comment:
        "Table files may name other modules' tables (foreign keys) and tests may set up other modules' rows, " +
        "but neither reaches another module's repository or presenter.",
      from: {
        path: [
          '^apps/server/src/modules/([^/]+)/.+[.]tables[.]ts$',
          '^apps/server/src/modules/([^/]+)/.+[.]test[.]ts$',
        ],
      },
      to: {
        path: '^apps/server/src/modules/[^/]+/.+[.](repository|presenter)[.]ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-request-list-join',
      severity: 'error',
      comment:
        "The request list's repository may join the companies' and services' tables for their names, and " +
        'nothing else of another module.',
      from: { path: REQUEST_LIST_JOIN },
      to: {
        path: MODULE_INTERNALS,
        pathNot: [
          '^apps/server/src/modules/requests/',
          '^apps/server/src/modules/(businesses/businesses|services/services)[.]tables[.]ts$',
        ],
      },
    },
    {
      name: 'server-module-to-non-platform-table',
      severity: 'error',
      comment:
        'db/schema/ keeps only the platform tables (activity log, idempotency keys, key fingerprints) and ' +
        "the barrel for migrations and backup; a module's tables live in modules/<module>/<name>.tables.ts, " +
        'so reaching db/schema/ for any other table bypasses the module that owns it. The backup module ' +
        'has its own rule.',
      from: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/backup/' },
      to: { path: '^apps/server/src/db/schema/', pathNot: PLATFORM_TABLE_FILES },
    },
    {
      name: 'server-backup-reads-tables-through-barrel',
      severity: 'error',
      comment:
        'The backup copies and restores every table, so it is the one module that reads the barrel ' +
        'db/schema/index.ts; apart from it, it uses only the platform tables, like any module.',
      from: { path: '^apps/server/src/modules/backup/' },
      to: {
        path: '^apps/server/src/db/schema/',
        pathNot: [PLATFORM_TABLE_FILES, '^apps/server/src/db/schema/index[.]ts$'],
      },
    },
    {
      name: 'server-module-to-composition',
      severity: 'error',
      comment:
        'A module does not import the composition (app.ts, compose-modules.ts, main.ts) or its clients ' +
        '(demo/, backup-cli/): the composition builds the modules, not the other way round. Tests build ' +
        'the app (test/test-app.ts or app.ts itself).',
      from: { path: '^apps/server/src/modules/', pathNot: TEST_FILES },
      to: { path: SERVER_COMPOSITION },
    },
    {
      name: 'server-lib-to-upper-layers',
      severity: 'error',
      comment:
        'lib/ is the bottom floor: it imports no module, plugin, db, config or composition, so that any ' +
        'floor can use it and it can be tested without building the server.',
      // A lib test may run its subject against a real database.
      from: { path: '^apps/server/src/lib/', pathNot: TEST_FILES },
      to: {
        path: ['^apps/server/src/(modules|plugins|db)/', '^apps/server/src/config[.]ts$', ...SERVER_COMPOSITION],
      },
    },

    // --- web -----------------------------------------------------------------------------------
    {
      name: 'web-feature-to-other-feature',
      severity: 'error',
      comment:
        'A feature does not import another feature, from any depth: what features share goes to ' +
        'components/, lib/ or api/, and app/ puts them together.',
      // $1 in `to` is the feature the importing file is in, however deep the file lies.
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-components-lib-to-upper-layers',
      severity: 'error',
      comment:
        'components/ and lib/ are pieces without data of their own: they import neither the data layer ' +
        '(api/) nor the screens (features/) nor the app (app/), and get what they show as props or arguments.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(api|features|app)/' },
    },
    {
      name: 'web-api-to-ui',
      severity: 'error',
      comment: 'api/ talks to the server and knows nothing of screens: it imports no components/, features/ or app/.',
      from: { path: '^apps/web/src/api/' },
      to: { path: '^apps/web/src/(components|features|app)/' },
    },

    // --- between workspaces --------------------------------------------------------------------
    {
      name: 'shared-to-apps',
      severity: 'error',
      comment:
        'packages/shared is used by the server and the web alike: it imports nothing from apps/, or each ' +
        'app would load the other.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-to-server',
      severity: 'error',
      comment:
        'The web does not import the server: what both use (schemas, messages, permissions) is in ' +
        'packages/shared. Browser tests (e2e/) have their own rule.',
      from: { path: '^apps/web/', pathNot: '^apps/web/e2e/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'web-e2e-to-server-source',
      severity: 'error',
      comment:
        "Browser tests use the server over HTTP; of the server's code they import only its test support " +
        '(apps/server/src/test/).',
      from: { path: '^apps/web/e2e/' },
      to: { path: '^apps/server/', pathNot: '^apps/server/src/test/' },
    },
    {
      name: 'server-to-web',
      severity: 'error',
      comment: 'The server does not import the web: it serves the built web (dist/) as files, not as code.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The fixtures of scripts/depcruise break these rules on purpose; build output is not source.
    exclude: { path: ['^scripts/depcruise/fixtures/', '(^|/)dist/'] },
    // Parses with TypeScript's own parser before compilation, so `import type` is kept and counted.
    tsPreCompilationDeps: true,
    // The compiler options every workspace's tsconfig extends (none of them declares path aliases).
    tsConfig: { fileName: 'tsconfig.base.json' },
    // `@app/shared/*` is a workspace package: resolved through node_modules to packages/shared/src by
    // its package.json `exports`, then followed there like any other source file.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.d.mts', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
