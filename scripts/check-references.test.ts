import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findReferences, referencesIn } from './check-references.mjs';

const SCRIPT = path.join(import.meta.dirname, 'check-references.mjs');

describe('referencesIn', () => {
  it.each([
    ['// A late cell (issue 21): an outline.', 'issue 21'],
    ['/** Bulk changes, issue 12. */', 'issue 12'],
    ['// (issue 3) kept for history', 'issue 3'],
    ['// Issue 20: two instances', 'Issue 20'],
    ['// issues 21 and 22', 'issues 21'],
  ])('catches an issue number in %j', (line, text) => {
    expect(referencesIn(line)).toContainEqual({ name: 'issue number', text });
  });

  it('catches a spec section, the section sign and the design page', () => {
    expect(referencesIn('/** Progress (spec 1 §4). */')).toEqual([
      { name: 'spec section', text: 'spec 1' },
      { name: 'section sign', text: '§' },
    ]);
    expect(referencesIn('// Spec 2: the visible hours')).toEqual([{ name: 'spec section', text: 'Spec 2' }]);
    expect(referencesIn('// Permissions (DESIGN.md §6).')).toEqual([
      { name: 'section sign', text: '§' },
      { name: 'design page', text: 'DESIGN.md' },
    ]);
  });

  it.each([
    'const tissue 3 = samples; // tissue 3 of the lab',
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
      'apps/server/src/a.ts': 'const a = 1;\n// see issue 12\n',
      'apps/web/src/b.tsx': '/** A cell (issue 3). */\n',
      'packages/shared/src/c.ts': '/** Progress (spec 1 §4). */\n',
      'scripts/d.mjs': '// Permissions (DESIGN.md §6).\n',
      'apps/web/src/e.module.css': '/* Spec 2: 70 px rows. */\n',
    });
    const { code, output } = run();
    expect(code).toBe(1);
    expect(output).toContain('apps/server/src/a.ts:2: issue number: "issue 12"');
    expect(output).toContain('apps/web/src/b.tsx:1: issue number: "issue 3"');
    expect(output).toContain('packages/shared/src/c.ts:1: spec section: "spec 1"');
    expect(output).toContain('packages/shared/src/c.ts:1: section sign: "§"');
    expect(output).toContain('scripts/d.mjs:1: design page: "DESIGN.md"');
    expect(output).toContain('apps/web/src/e.module.css:1: spec section: "Spec 2"');
    expect(findReferences(root)).toHaveLength(7);
  });

  it('passes a tree of ordinary words, and skips installed, built and binary files', () => {
    tree({
      'apps/server/src/a.ts': '// tissue 3 and an especificación 2\nconst f = (issue) => issue.message;\n',
      'apps/web/node_modules/x/index.js': '// issue 12\n',
      'apps/web/dist/app.js': '// spec 1 §4\n',
      'apps/server/src/test/fixtures/data.tar.xz': 'DESIGN.md §6',
      'docs/rules.md': 'Outside the checked folders: issue 12.\n',
    });
    expect(run()).toEqual({ code: 0, output: expect.stringContaining('no issue numbers') });
  });
});
