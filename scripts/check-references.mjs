#!/usr/bin/env node
// `node scripts/check-references.mjs [root]` (part of `npm run lint`): fails when a source line under
// apps/, packages/ or scripts/ points to a document that is not in the repository: an issue number,
// a numbered specification or one of its sections (the section sign), or the old design page.
// Code and comments state their rules in their own words; docs/rules.md collects the product rules.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders checked, from the repository's root. */
export const CHECKED_FOLDERS = ['apps', 'packages', 'scripts'];

/** Files read as text; anything else (images, archives) is skipped. */
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.json',
  '.css',
  '.md',
  '.sql',
  '.html',
  '.yml',
  '.yaml',
]);

/** Generated or installed folders (the .gitignore's), never checked. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'coverage']);

/**
 * What a reference to an outside document looks like. Word boundaries keep ordinary words out:
 * a word that merely ends in "issue", the Spanish "especificación" and the `(issue) =>` of a zod
 * callback are not references.
 */
export const REFERENCE_PATTERNS = [
  { name: 'issue number', pattern: /\bissues?\s+#?\d+/i },
  { name: 'spec section', pattern: /\bspecs?\s+\d+/i },
  { name: 'section sign', pattern: /\u00a7/ },
  { name: 'design page', pattern: /\bDESIGN\.md\b/i },
];

/** The references on one line: the pattern's name and the text it matched. */
export function referencesIn(line) {
  const found = [];
  for (const { name, pattern } of REFERENCE_PATTERNS) {
    const match = pattern.exec(line);
    if (match) found.push({ name, text: match[0] });
  }
  return found;
}

/** Every text file under `folder` (relative to `root`), skipping generated folders. */
function* filesUnder(root, folder) {
  let entries;
  try {
    entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) yield* filesUnder(root, relative);
    } else if (TEXT_EXTENSIONS.has(path.extname(entry.name))) {
      yield relative;
    }
  }
}

/** Every reference in the checked folders of `root`, as `file:line: kind: text` findings. */
export function findReferences(root) {
  const findings = [];
  for (const folder of CHECKED_FOLDERS) {
    for (const file of filesUnder(root, folder)) {
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const reference of referencesIn(line)) findings.push({ file, line: index + 1, ...reference });
      });
    }
  }
  return findings;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const findings = findReferences(root);
  for (const { file, line, name, text } of findings) console.error(`${file}:${line}: ${name}: "${text}"`);
  if (findings.length > 0) {
    console.error(
      `\n${findings.length} reference(s) to documents outside the repository. State the rule itself ` +
        '(see docs/rules.md) or drop the provenance: history belongs in git.',
    );
    process.exit(1);
  }
  console.log('check-references: no issue numbers, spec sections or design-page references.');
}
