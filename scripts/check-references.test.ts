import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findReferences, referencesIn } from './check-references.mjs';

const SCRIPT = path.join(import.meta.dirname, 'check-references.mjs');

// The samples are put together when the test runs, so that this file holds none of the references
// it proves the check catches (and the check needs no exception for it).
const ISSUE = 'issue';
const SPEC = 'spec';
const SECTION = '\u00a7';
const DESIGN = ['DESIGN', 'md'].join('.');
const ref = (word: string, number: number) => [word, number].join(' ');

describe('referencesIn', () => {
  it.each([
    [`// A late cell (${ref(ISSUE, 21)}): an outline.`, ref(ISSUE, 21)],
    [`/** Bulk changes, ${ref(ISSUE, 12)}. */`, ref(ISSUE, 12)],
    [`// (${ref(ISSUE, 3)}) kept for history`, ref(ISSUE, 3)],
    [`// ${ref('Issue', 20)}: two instances`, ref('Issue', 20)],
    [`// ${ref('issues', 21)} and 22`, ref('issues', 21)],
  ])('catches an issue number in %j', (line, text) => {
    expect(referencesIn(line)).toContainEqual({ name: 'issue number', text });
  });

  it('catches a spec section, the section sign and the design page', () => {
    expect(referencesIn(`/** Progress (${ref(SPEC, 1)} ${SECTION}4). */`)).toEqual([
      { name: 'spec section', text: ref(SPEC, 1) },
      { name: 'section sign', text: SECTION },
    ]);
    expect(referencesIn(`// ${ref('Spec', 2)}: the visible hours`)).toEqual([
      { name: 'spec section', text: ref('Spec', 2) },
    ]);
    expect(referencesIn(`// Permissions (${DESIGN} ${SECTION}6).`)).toEqual([
      { name: 'section sign', text: SECTION },
      { name: 'design page', text: DESIGN },
    ]);
  });

  it.each([
    `const t${ref(ISSUE, 3)} = samples; // t${ref(ISSUE, 3)} of the lab`,
    "/** 'Especificación 2': the Spanish word is not a reference. */",
    'const especificación = 1; // especificación 4',
    'error: (issue) => (issue.input === undefined ? msg.required : msg.invalid)',
    'const key = String(issue.path[0]);',
    'it("checks the spec message") // no number after it',
    '// other specs sign in on this server at the same time',
  ])('ignores the ordinary line %j', (line) => {
    expect(referencesIn(line)).toEqual([]);
  });
});

describe('the command on a tree', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const tree = (files: Record<string, string>) => {
    root = mkdtempSync(path.join(tmpdir(), 'check-references-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
  };
  const run = () => {
    try {
      return { code: 0, output: execFileSync(process.execPath, [SCRIPT, root], { encoding: 'utf8', stdio: 'pipe' }) };
    } catch (error) {
      const failed = error as { status: number; stderr: string };
      return { code: failed.status, output: failed.stderr };
    }
  };

  it('fails naming each file and line that points outside the repository', () => {
    tree({
      'apps/server/src/a.ts': `const a = 1;\n// see ${ref(ISSUE, 12)}\n`,
      'apps/web/src/b.tsx': `/** A cell (${ref(ISSUE, 3)}). */\n`,
      'packages/shared/src/c.ts': `/** Progress (${ref(SPEC, 1)} ${SECTION}4). */\n`,
      'scripts/d.mjs': `// Permissions (${DESIGN} ${SECTION}6).\n`,
      'apps/web/src/e.module.css': `/* ${ref('Spec', 2)}: 70 px rows. */\n`,
    });
    const { code, output } = run();
    expect(code).toBe(1);
    expect(output).toContain(`apps/server/src/a.ts:2: issue number: "${ref(ISSUE, 12)}"`);
    expect(output).toContain(`apps/web/src/b.tsx:1: issue number: "${ref(ISSUE, 3)}"`);
    expect(output).toContain(`packages/shared/src/c.ts:1: spec section: "${ref(SPEC, 1)}"`);
    expect(output).toContain(`packages/shared/src/c.ts:1: section sign: "${SECTION}"`);
    expect(output).toContain(`scripts/d.mjs:1: design page: "${DESIGN}"`);
    expect(output).toContain(`apps/web/src/e.module.css:1: spec section: "${ref('Spec', 2)}"`);
    expect(findReferences(root)).toHaveLength(7);
  });

  it('passes a tree of ordinary words, and skips installed, built and binary files', () => {
    tree({
      'apps/server/src/a.ts': `// t${ref(ISSUE, 3)} and an especificación 2\nconst f = (issue) => issue.message;\n`,
      'apps/web/node_modules/x/index.js': `// ${ref(ISSUE, 12)}\n`,
      'apps/web/dist/app.js': `// ${ref(SPEC, 1)} ${SECTION}4\n`,
      'apps/server/src/test/fixtures/data.tar.xz': `${DESIGN} ${SECTION}6`,
      'docs/rules.md': `Outside the checked folders: ${ref(ISSUE, 12)}.\n`,
    });
    expect(run()).toEqual({ code: 0, output: expect.stringContaining('no issue numbers') });
  });
});
