// Type check and lint in one pass, each TypeScript project's program built once for both
// (docs/decisions/190-one-program-for-types-and-lint.md). `tsc -p` and typed `eslint .` each
// build and check the same four programs; here tsc's own diagnostics are read from the program,
// then ESLint lints the project's folder with that program (typescript-eslint's
// `parserOptions.programs`), so the checker's work is done once.
//
//   node tooling/check.js                    the two lanes below side by side (`npm run check`)
//   node tooling/check.js api                one lane: the groups named, one after the other
//   node tooling/check.js shared web tooling rest
//
// `rest` is everything outside the four projects' folders (plain JavaScript: configs, scripts,
// benchmarks), linted with eslint.config.js as it stands. The groups together lint exactly the
// files `eslint .` lints, with the same rules; `npm run lint` and `npm run typecheck` still work.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import config from '../eslint.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/** Each project eslint.config.js types files with, in its order, and the folder it lints. */
const PROJECTS = {
  shared: { tsconfig: 'packages/shared/tsconfig.test.json', folder: 'packages/shared' },
  api: { tsconfig: 'apps/api/tsconfig.test.json', folder: 'apps/api' },
  web: { tsconfig: 'apps/web/tsconfig.json', folder: 'apps/web' },
  tooling: { tsconfig: 'tooling/tsconfig.json', folder: 'tooling' },
};
// Two lanes for two cores: the API's program (its code, its tests and the shared code) and then
// prettier (in CI) take about as long as the other three projects together (docs/ci-timings.md).
const LANES = [['api'], ['shared', 'web', 'tooling', 'rest']];

// A project added to the lint config and not here would be linted by no group with a program.
const configured = config.flatMap((entry) => entry.languageOptions?.parserOptions?.project || []);
const listed = Object.values(PROJECTS).map(({ tsconfig }) => `./${tsconfig}`);
if (JSON.stringify(configured) !== JSON.stringify(listed)) {
  throw new Error(`eslint.config.js lists ${configured.join(', ')}; tooling/check.js ${listed}`);
}

/** The program `tsc -p <tsconfig>` builds: the same files, options and references. */
function createProgram(tsconfig) {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.formatDiagnostics([diagnostic], formatHost));
    },
  });
  if (!parsed.options.noEmit) throw new Error(`${tsconfig}: only projects without output`);
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    // JSDoc parsed in full (the host's default), as typescript-eslint parses it for its rules;
    // tsc skips what cannot hold a type error, which changes no diagnostic.
    host: ts.createCompilerHost(parsed.options),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
}

/**
 * What `tsc -p` reports for a program without output, in its order (TypeScript's
 * emitFilesAndReportErrors): syntax first, and the rest only if there is none; then, where
 * declarations are on (they are by default here), the errors a declaration file would have.
 */
function typeDiagnostics(program) {
  const options = program.getCompilerOptions();
  const all = [...program.getConfigFileParsingDiagnostics()];
  const fromConfig = all.length;
  all.push(...program.getSyntacticDiagnostics());
  if (all.length === fromConfig) {
    all.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (all.length === fromConfig) all.push(...program.getSemanticDiagnostics());
    if ((options.declaration || options.composite) && all.length === fromConfig) {
      all.push(...program.getDeclarationDiagnostics());
    }
  }
  return ts.sortAndDeduplicateDiagnostics(all);
}

const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** Type-checks and lints the groups named, one after the other; true if all are clean. */
async function runLane(groups) {
  let clean = true;
  for (const group of groups) {
    const started = performance.now();
    let programs = [];
    let checked = '';
    if (group !== 'rest') {
      const { tsconfig } = PROJECTS[group];
      const program = createProgram(tsconfig);
      const diagnostics = typeDiagnostics(program);
      if (diagnostics.length > 0) {
        clean = false;
        const format = process.stdout.isTTY
          ? ts.formatDiagnosticsWithColorAndContext
          : ts.formatDiagnostics;
        process.stdout.write(format(diagnostics, formatHost));
      }
      checked = `${tsconfig}: ${diagnostics.length} type errors in ${seconds(started)}; `;
      programs = [program];
    }
    const linting = performance.now();
    const others = Object.values(PROJECTS).map(({ folder }) => `${folder}/`);
    const eslint = new ESLint({
      cwd: root,
      // TypeScript files get their project's program (JavaScript stays untyped, as configured);
      // `rest` keeps the configured `project`, which it needs only if a TypeScript file lies
      // outside the four folders (then it fails as `eslint .` would: that file is in no project).
      overrideConfig:
        programs.length > 0
          ? { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { programs } } }
          : [],
      ignorePatterns: group === 'rest' ? others : [],
    });
    const results = await eslint.lintFiles([group === 'rest' ? '.' : PROJECTS[group].folder]);
    // For comparing with `eslint . --format json` (docs/ci-timings.md): every file's result.
    if (process.env.CHECK_LINT_RESULTS) {
      writeFileSync(
        path.join(process.env.CHECK_LINT_RESULTS, `${group}.json`),
        JSON.stringify(results),
      );
    }
    const problems = results.reduce(
      (sum, result) => sum + result.errorCount + result.fatalErrorCount + result.warningCount,
      0,
    );
    // `--max-warnings 0`, as `npm run lint:code`: a warning fails too.
    if (problems > 0) {
      clean = false;
      const formatter = await eslint.loadFormatter('stylish');
      process.stdout.write(await formatter.format(results));
    }
    console.log(
      `${group}: ${checked}${results.length} files linted, ${problems} problems in ${seconds(linting)}`,
    );
  }
  return clean;
}

/** Runs each lane in a process of its own; prints each lane's output once it has ended. */
async function runLanes() {
  const outcomes = await Promise.all(
    LANES.map(
      (lane) =>
        new Promise((resolve) => {
          const started = performance.now();
          const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...lane], {
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            process.stdout.write(`-- ${lane.join(' ')}: exit ${code} in ${seconds(started)}\n`);
            process.stdout.write(output);
            resolve(code === 0);
          });
        }),
    ),
  );
  return outcomes.every(Boolean);
}

const groups = process.argv.slice(2);
for (const group of groups) {
  if (group !== 'rest' && !(group in PROJECTS)) throw new Error(`unknown group: ${group}`);
}
const clean = groups.length === 0 ? await runLanes() : await runLane(groups);
process.exitCode = clean ? 0 : 1;
