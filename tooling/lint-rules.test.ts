import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_VIOLATIONS, READ_MODELS, TABLE_OWNERS } from './table-owners.js';

/**
 * Every rule the lint setup promises, broken on purpose: each probe file below is written into
 * the place whose rule it breaks, linted with the repository's own config, and must be reported
 * by exactly the rule named. A probe that lints clean proves the rule stopped working.
 */
const repoRoot = path.resolve(import.meta.dirname, '..');
const tag = `lint-probe-${process.pid}`;

interface Probe {
  name: string;
  /** Where the probe lives, relative to the repository root ({tag} is a unique name). */
  file: string;
  code: string;
  /** The rule that must fire, and a phrase its message must contain; null: none may fire. */
  expected: { rule: string; says: string } | null;
}

const probes: Probe[] = [
  {
    name: 'db/ importing a module',
    file: `apps/api/src/db/${tag}.ts`,
    code: `import { listContributions } from '../modules/contributions/contributions.service.js';\nexport const probe = listContributions;\n`,
    expected: { rule: 'boundaries/import-boundaries', says: 'db/ imports nothing of the app' },
  },
  {
    name: 'lib/ importing a module',
    file: `apps/api/src/lib/${tag}.ts`,
    code: `import { listContributions } from '../modules/contributions/contributions.service.js';\nexport const probe = listContributions;\n`,
    expected: { rule: 'boundaries/import-boundaries', says: 'lib/ is shared code' },
  },
  {
    name: "a module reaching into another module's repository",
    file: `apps/api/src/modules/notifications/${tag}.ts`,
    code: `import { contributionsRepository } from '../contributions/contributions.repository.js';\nexport const probe = contributionsRepository;\n`,
    expected: { rule: 'boundaries/import-boundaries', says: 'through their service files' },
  },
  {
    name: "a module using another module's service file (allowed)",
    file: `apps/api/src/modules/dashboard/${tag}-allowed.ts`,
    code: `import { listContributions } from '../contributions/contributions.service.js';\nexport const probe = listContributions;\n`,
    expected: null,
  },
  {
    name: 'a module importing the demo',
    file: `apps/api/src/modules/members/${tag}.ts`,
    code: `import { seedDemoIfEmpty } from '../../demo/demo.js';\nexport const probe = seedDemoIfEmpty;\n`,
    expected: { rule: 'boundaries/import-boundaries', says: 'a module imports' },
  },
  {
    // contributions already uses notifications' service; the probe, inside notifications, uses
    // contributions' service back: each import alone is allowed, together they are a cycle.
    name: 'two API modules importing each other (folder cycle)',
    file: `apps/api/src/modules/notifications/${tag}-cycle.ts`,
    code: `import { listContributions } from '../contributions/contributions.service.js';\nexport const probe = listContributions;\n`,
    expected: {
      rule: 'boundaries/no-folder-cycles',
      says: 'modules/notifications → modules/contributions → modules/notifications',
    },
  },
  {
    name: "a module importing another module's table",
    file: `apps/api/src/modules/notifications/${tag}-table.ts`,
    code: `import { memberBalances } from '../../db/schema/index.js';\nexport const probe = memberBalances;\n`,
    expected: {
      rule: 'boundaries/table-owners',
      says: "'memberBalances' belongs to modules/ledger",
    },
  },
  {
    name: 'a read model reading any table (allowed)',
    file: `apps/api/src/modules/dashboard/${tag}-read.ts`,
    code: `import { count } from 'drizzle-orm';\nimport type { Executor } from '../../db/client.js';\nimport { fines } from '../../db/schema/index.js';\nexport const probe = (db: Executor) => db.select({ n: count() }).from(fines);\n`,
    expected: null,
  },
  {
    name: 'a read model writing a table',
    file: `apps/api/src/modules/dashboard/${tag}-write.ts`,
    code: `import type { Executor } from '../../db/client.js';\nimport { fines } from '../../db/schema/index.js';\nexport async function probe(db: Executor): Promise<void> {\n  await db.delete(fines);\n}\n`,
    expected: { rule: 'boundaries/table-owners', says: 'writes no table' },
  },
  {
    name: 'a service writing SQL instead of asking its repository',
    file: `apps/api/src/modules/fines/${tag}.service.ts`,
    code: `import { sql } from 'drizzle-orm';\nexport const probe = sql\`select 1\`;\n`,
    expected: {
      rule: '@typescript-eslint/no-restricted-imports',
      says: 'Services never write SQL',
    },
  },
  {
    name: 'a web feature importing another feature',
    file: `apps/web/src/features/auth/${tag}.ts`,
    code: `import { getNotifications } from '../notifications/api/get-notifications';\nexport const probe = getNotifications;\n`,
    expected: { rule: 'boundaries/import-boundaries', says: 'features are vertical' },
  },
  {
    name: 'shared web components importing a feature',
    file: `apps/web/src/components/${tag}.ts`,
    code: `import { getNotifications } from '../features/notifications/api/get-notifications';\nexport const probe = getNotifications;\n`,
    expected: { rule: 'boundaries/import-boundaries', says: 'shared code' },
  },
  {
    // The member's routes load on a member's first visit: an officer screen there would ride along.
    name: 'a member route importing an officer component',
    file: `apps/web/src/app/routes/member/${tag}.tsx`,
    code: `import { LoanHistory } from '../../../features/loans/components/officer/loan-history';\nexport const probe = LoanHistory;\n`,
    expected: { rule: 'boundaries/import-boundaries', says: 'officer-only code' },
  },
  {
    name: "a feature's member side importing its officer side",
    file: `apps/web/src/features/loans/components/${tag}.ts`,
    code: `import { LOAN_LIST_CONFIG } from './officer/pipeline-list-config';\nexport const probe = LOAN_LIST_CONFIG;\n`,
    expected: { rule: 'boundaries/import-boundaries', says: 'back-office routes' },
  },
  {
    name: 'a member route importing the back-office feature',
    file: `apps/web/src/app/routes/member/${tag}-back-office.tsx`,
    code: `import { OverviewView } from '../../../features/back-office/components/overview-view';\nexport const probe = OverviewView;\n`,
    expected: { rule: 'boundaries/import-boundaries', says: 'officer-only code' },
  },
  {
    name: 'a back-office route importing an officer component (allowed)',
    file: `apps/web/src/app/routes/admin/${tag}-allowed.tsx`,
    code: `import { LoanHistory } from '../../../features/loans/components/officer/loan-history';\nexport const probe = LoanHistory;\n`,
    expected: null,
  },
  {
    name: 'an officer component using its feature’s member side (allowed)',
    file: `apps/web/src/features/loans/components/officer/${tag}-allowed.ts`,
    code: `import { naira } from '../loan-format';\nexport const probe = naira;\n`,
    expected: null,
  },
  {
    // Three web files in a ring (a → b → c → a, and c back to b by a dynamic import): each is
    // reported on its import as the import plugin's import/no-cycle words it, with the way back.
    name: 'web files importing each other in a ring (import cycle)',
    file: `apps/web/src/lib/${tag}-cycle-a.ts`,
    code: `import { b } from './${tag}-cycle-b';\nexport const a = (): number => b() + 1;\n`,
    expected: { rule: 'boundaries/no-cycle', says: `Dependency cycle via ./${tag}-cycle-c:1` },
  },
  {
    name: 'the same ring, from the file a dynamic import leads back to',
    file: `apps/web/src/lib/${tag}-cycle-b.ts`,
    code: `import { c } from './${tag}-cycle-c';\nexport const b = (): number => c();\n`,
    expected: { rule: 'boundaries/no-cycle', says: 'Dependency cycle detected.' },
  },
  {
    name: 'the same ring, from its third file',
    file: `apps/web/src/lib/${tag}-cycle-c.ts`,
    code: `import { a } from './${tag}-cycle-a';\nexport const c = (): number => a();\nexport const later = () => import('./${tag}-cycle-b');\n`,
    expected: { rule: 'boundaries/no-cycle', says: `Dependency cycle via ./${tag}-cycle-b:1` },
  },
  {
    // Types one way are erased at build: no module waits on the other when they load.
    name: 'a web file importing only types from a file that imports it (allowed)',
    file: `apps/web/src/lib/${tag}-types-x.ts`,
    code: `import type { Y } from './${tag}-types-y';\nexport type X = Y;\nexport const x = 1;\n`,
    expected: null,
  },
  {
    name: 'the file it imports types from, importing it back (allowed)',
    file: `apps/web/src/lib/${tag}-types-y.ts`,
    code: `import { x } from './${tag}-types-x';\nexport type Y = number;\nexport const y = x;\n`,
    expected: null,
  },
  {
    name: 'a promise left floating (type-aware)',
    file: `apps/api/src/lib/${tag}-promise.ts`,
    code: `async function send(): Promise<void> {}\nexport function probe(): void {\n  send();\n}\n`,
    expected: { rule: '@typescript-eslint/no-floating-promises', says: 'Promises must be awaited' },
  },
  {
    name: 'a promise handed to a callback that expects nothing back (type-aware)',
    file: `apps/web/src/lib/${tag}-misused.ts`,
    code: `export function probe(save: () => Promise<void>): void {\n  setTimeout(save, 10);\n}\n`,
    expected: { rule: '@typescript-eslint/no-misused-promises', says: 'Promise' },
  },
  {
    name: 'an untyped value used as if typed (type-aware)',
    file: `packages/shared/src/${tag}.ts`,
    code: `export function probe(text: string): number {\n  const parsed = JSON.parse(text);\n  return parsed.count as number;\n}\n`,
    expected: { rule: '@typescript-eslint/no-unsafe-member-access', says: 'Unsafe member access' },
  },
  {
    name: 'process.env read outside config/env.ts',
    file: `apps/api/src/lib/${tag}-env.ts`,
    code: `export const probe = process.env.PORT;\n`,
    expected: { rule: 'no-restricted-syntax', says: 'config/env.ts' },
  },
];

let results: Map<string, ESLint.LintResult>;

beforeAll(async () => {
  for (const probe of probes) {
    const full = path.join(repoRoot, probe.file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, probe.code);
  }
  try {
    const eslint = new ESLint({ cwd: repoRoot });
    const linted = await eslint.lintFiles(probes.map((probe) => probe.file));
    results = new Map(linted.map((result) => [path.relative(repoRoot, result.filePath), result]));
  } finally {
    for (const probe of probes) rmSync(path.join(repoRoot, probe.file), { force: true });
  }
});

afterAll(() => {
  for (const probe of probes) rmSync(path.join(repoRoot, probe.file), { force: true });
});

describe('lint rules fire on the code they forbid', () => {
  it.each(probes)('$name', ({ file, expected }) => {
    const messages = results.get(file)?.messages ?? [];
    // Parsing problems would make every expectation meaningless.
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    if (expected === null) {
      expect(messages.map((m) => m.ruleId)).not.toContain('boundaries/import-boundaries');
      expect(messages.map((m) => m.ruleId)).not.toContain('boundaries/no-folder-cycles');
      expect(messages.map((m) => m.ruleId)).not.toContain('boundaries/table-owners');
      expect(messages.map((m) => m.ruleId)).not.toContain('boundaries/no-cycle');
      return;
    }
    const fired = messages.filter((m) => m.ruleId === expected.rule);
    expect(fired.length, JSON.stringify(messages, null, 2)).toBeGreaterThan(0);
    expect(fired.map((m) => m.message).join('\n')).toContain(expected.says);
  });
});

describe('the table owners list', () => {
  it('names an owner for every table the schema declares, and nothing else', () => {
    const dir = path.join(repoRoot, 'apps/api/src/db/schema');
    const declared = readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .flatMap((name) => [
        ...readFileSync(path.join(dir, name), 'utf8').matchAll(/export const (\w+) = pgTable\(/g),
      ])
      .map(([, table]) => table)
      .sort();
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(declared);
  });

  it('lists exceptions only for tables that exist, never in their own owner', () => {
    for (const [folder, tables] of Object.entries(KNOWN_VIOLATIONS)) {
      for (const table of tables) {
        expect(TABLE_OWNERS, `${folder}: ${table}`).toHaveProperty(table);
        expect(TABLE_OWNERS[table as keyof typeof TABLE_OWNERS], `${folder}: ${table}`).not.toBe(
          folder,
        );
      }
    }
    expect(Object.keys(READ_MODELS).length).toBeGreaterThan(0);
  });
});
