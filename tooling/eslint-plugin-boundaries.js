// The import arrows of docs/architecture.md, enforced. Each relative import is resolved to the
// file it names and both ends are placed in a layer of their app; an import against the arrows is
// an error that says which rule it breaks. Written here (about a hundred lines, no dependency)
// because the import plugin's node resolver cannot follow the API's `.js` specifiers to `.ts`
// files, which left the API's layering unchecked.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { KNOWN_VIOLATIONS, READ_MODELS, TABLE_OWNERS } from './table-owners.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * Where a file sits: its layer and, for API modules and web features, the slice it belongs to.
 * `null` for a file outside the app's src.
 */
function placeOf(srcRoot, file) {
  const relative = path.relative(srcRoot, file).split(path.sep);
  if (relative[0] === '..' || path.isAbsolute(relative[0] ?? '')) return null;
  const [first = '', second = ''] = relative;
  const name = path.basename(file).replace(/\.(js|ts|tsx|mjs)$/, '');
  if (relative.length === 1) return { layer: 'root', slice: name, name };
  return { layer: first, slice: ['modules', 'features'].includes(first) ? second : '', name };
}

const isTestFile = (file) => /\.test\.tsx?$/.test(file);

/**
 * The API (apps/api/src): db/ and config/ import nothing of the app; lib/ and plugins/ never import
 * a module; modules reach each other only through their public service files (`*.service.ts`:
 * the use cases; repositories, templates and helpers stay private); the composition roots
 * (app.ts, server.ts, demo/, cli/) use modules through the same files (app.ts also registers
 * `<module>.routes.ts`). Test helpers and tests may reach anywhere.
 */
function apiRule(from, to, fromFile) {
  if (isTestFile(fromFile) || from.layer === 'test') return null;
  if (to.layer === 'test') return 'only tests import the test helpers';
  const base = ['db', 'config', 'lib', 'root:deps'];
  const is = (place, ...layers) =>
    layers.some((layer) => layer === place.layer || layer === `root:${place.name}`);
  const isPublic = (place) => place.layer === 'modules' && place.name.endsWith('.service');

  switch (from.layer) {
    case 'db':
    case 'config':
      return is(to, from.layer) ? null : `${from.layer}/ imports nothing of the app but itself`;
    case 'lib':
      return is(to, ...base) ? null : 'lib/ is shared code: it imports db/, config/ and lib/ only';
    case 'plugins':
      return is(to, ...base, 'plugins')
        ? null
        : 'plugins/ are cross-cutting: they import db/, config/, lib/ and plugins/ only';
    case 'modules':
      if (to.layer === 'modules') {
        if (to.slice === from.slice || isPublic(to)) return null;
        return `modules reach each other only through their service files (modules/${to.slice}/*.service.ts)`;
      }
      return is(to, ...base, 'plugins')
        ? null
        : 'a module imports db/, config/, lib/, plugins/ and other modules’ service files only';
    case 'demo':
    case 'cli':
    case 'root':
      if (to.layer === 'modules') {
        const routesOk = from.name === 'app' && to.name === `${to.slice}.routes`;
        return isPublic(to) || routesOk
          ? null
          : 'composition roots use a module through its service files (app.ts: its routes file)';
      }
      if (is(to, 'demo') && from.layer !== 'demo' && from.name !== 'server') {
        return 'only the server starts the demo';
      }
      return null;
    default:
      return null;
  }
}

/**
 * Officer-only code (docs/architecture.md "Where a component lives"): the back-office feature, and
 * a domain feature's `components/officer/` folder.
 */
function isOfficerOnly(srcRoot, place, file) {
  if (place.layer !== 'features') return false;
  if (place.slice === 'back-office') return true;
  const inFeature = path
    .relative(path.join(srcRoot, 'features', place.slice), file)
    .split(path.sep);
  return inFeature[0] === 'components' && inFeature[1] === 'officer';
}

/**
 * The web app (apps/web/src): a feature never imports another feature nor the routes that compose
 * it; components/, lib/ and config/ are shared code that never imports features/ or app/.
 * Officer-only code is imported by the back-office routes (app/routes/admin/) and by officer-only
 * code only, so a member's first load never carries a back-office screen. Tests may reach it.
 */
function webRule(from, to, fromFile, toFile, srcRoot) {
  if (isOfficerOnly(srcRoot, to, toFile) && !isTestFile(fromFile)) {
    const fromBackOfficeRoute =
      path.relative(path.join(srcRoot, 'app/routes/admin'), fromFile).split(path.sep)[0] !== '..';
    if (!fromBackOfficeRoute && !isOfficerOnly(srcRoot, from, fromFile)) {
      return 'officer-only code (features/back-office, a feature’s components/officer/) is imported by the back-office routes (app/routes/admin/) only';
    }
  }
  switch (from.layer) {
    case 'features':
      if (to.layer === 'features' && to.slice !== from.slice) {
        return `features are vertical: features/${from.slice} may not import features/${to.slice} (compose them in app/routes)`;
      }
      return to.layer === 'app' ? 'features never import app/ (the routes compose features)' : null;
    case 'components':
    case 'lib':
    case 'config':
      return ['features', 'app'].includes(to.layer)
        ? `${from.layer}/ is shared code: it never imports features/ or app/`
        : null;
    default:
      return null;
  }
}

const APPS = {
  api: { srcRoot: path.join(repoRoot, 'apps/api/src'), rule: apiRule },
  web: { srcRoot: path.join(repoRoot, 'apps/web/src'), rule: webRule },
};

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the arrows of docs/architecture.md' },
    schema: [{ enum: Object.keys(APPS) }],
    messages: { against: "'{{specifier}}' goes against the arrows: {{reason}}." },
  },
  create(context) {
    const app = APPS[context.options[0]];
    const file = context.physicalFilename;
    const from = placeOf(app.srcRoot, file);
    if (!from) return {};

    function check(node, source) {
      const specifier = source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts');
      const to = placeOf(app.srcRoot, target);
      if (!to) return;
      const reason = app.rule(from, to, file, target, app.srcRoot);
      if (reason) context.report({ node, messageId: 'against', data: { specifier, reason } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/**
 * The folder a file counts in for the cycle rule: an API module is its own folder
 * (`modules/auth`), every other layer is one folder (`lib`, `db`, `plugins`…), and a file at the
 * root of src is its own. `null` for tests, which may reach anywhere.
 */
function folderOf(srcRoot, file) {
  if (isTestFile(file)) return null;
  const place = placeOf(srcRoot, file);
  if (!place || place.layer === 'test') return null;
  if (place.layer === 'modules') return `modules/${place.slice}`;
  // deps.ts is the base every layer receives (the apiRule puts it with lib/): one folder with lib.
  if (place.layer === 'root') return place.name === 'deps' ? 'lib' : place.name;
  return place.layer;
}

const RELATIVE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every source file's relative imports, read again only when the file changed on disk. */
const importsByFile = new Map();

function relativeImportsOf(file, mtimeMs) {
  const known = importsByFile.get(file);
  if (known?.mtimeMs === mtimeMs) return known.targets;
  const text = readFileSync(file, 'utf8');
  const targets = [...text.matchAll(RELATIVE_SPECIFIER)].map(([, specifier]) =>
    path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts'),
  );
  importsByFile.set(file, { mtimeMs, targets });
  return targets;
}

/** Folder → the folders its files import, from the files on disk (tests left out). */
function folderGraph(srcRoot) {
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const from = folderOf(srcRoot, full);
        if (!from) continue;
        const edges = graph.get(from) ?? new Set();
        graph.set(from, edges);
        for (const target of relativeImportsOf(full, statSync(full).mtimeMs)) {
          const to = folderOf(srcRoot, target);
          if (to && to !== from) edges.add(to);
        }
      }
    }
  };
  walk(srcRoot);
  return graph;
}

/** The folders from `start` to `goal` along the graph's arrows, or null when there is no path. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === goal) {
      const steps = [];
      for (let at = folder; at !== null; at = cameFrom.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of graph.get(folder) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, folder);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * No folder cycles in the API: when a file of folder A imports folder B, nothing in B may lead
 * back to A. A cycle means two modules are one in disguise (or a helper sits in the wrong one);
 * the fix is to move the shared part to where both can use it (docs/architecture.md).
 */
const noFolderCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between the folders of the API' },
    schema: [{ enum: ['api'] }],
    messages: { cycle: "'{{specifier}}' closes a folder cycle: {{cycle}}." },
  },
  create(context) {
    const { srcRoot } = APPS[context.options[0]];
    const file = context.physicalFilename;
    const from = folderOf(srcRoot, file);
    if (!from) return {};
    let graph = null;

    function check(node, source) {
      const specifier = source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = folderOf(
        srcRoot,
        path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts'),
      );
      if (!to || to === from) return;
      graph ??= folderGraph(srcRoot);
      const back = pathBetween(graph, to, from);
      if (back) {
        context.report({
          node,
          messageId: 'cycle',
          data: { specifier, cycle: [from, ...back].join(' → ') },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/**
 * The import graph of a TypeScript program, built once per program from the modules the compiler
 * resolved: file → the files it imports, each with the declarations that import it, in the order
 * eslint-plugin-import's ExportMap records them (dynamic `import()`s first, in source order, each
 * replacing what its file had; then the statements, in order, merged per file). Files in
 * node_modules are left out: `ignoreExternal`, and nothing there imports the app back.
 */
const programGraphs = new WeakMap();

function programGraph(program) {
  let graph = programGraphs.get(program);
  if (graph) return graph;
  const resolve = (literal, sourceFile) => {
    const resolution = program.getResolvedModuleFromModuleSpecifier(literal, sourceFile);
    const resolved = resolution?.resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) return null;
    return path.resolve(resolved.resolvedFileName);
  };
  const lineOf = (sourceFile, node) =>
    sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const importsByFile = new Map();
  /** Map of target file → declarations ({ value, line, typeOnly }) for one source file. */
  function importsOf(fileName) {
    let imports = importsByFile.get(fileName);
    if (imports) return imports;
    imports = new Map();
    importsByFile.set(fileName, imports);
    const sourceFile = program.getSourceFile(fileName);
    if (!sourceFile) return imports;
    const add = (literal, typeOnly) => {
      const target = resolve(literal, sourceFile);
      if (!target) return;
      const declaration = { value: literal.text, line: lineOf(sourceFile, literal), typeOnly };
      const known = imports.get(target);
      if (known) known.push(declaration);
      else imports.set(target, [declaration]);
    };
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const literal = node.arguments[0];
        const target = resolve(literal, sourceFile);
        if (target) {
          imports.set(target, [
            { value: literal.text, line: lineOf(sourceFile, literal), typeOnly: false },
          ]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    for (const statement of sourceFile.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        // `import type …`, or only named imports, each marked `type` (none at all, `import {}`
        // or `import './x'`, is a side effect: a value import).
        const clause = statement.importClause;
        const named = clause?.namedBindings;
        const typeOnly =
          Boolean(clause?.isTypeOnly) ||
          (!clause?.name &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly));
        add(statement.moduleSpecifier, typeOnly);
      } else if (
        ts.isExportDeclaration(statement) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
      ) {
        // `export * from` is type-only with `export type *`; `export { … } from` never is, as
        // the import plugin reads it (its specifiers carry no import kind).
        const exportAll = !statement.exportClause || ts.isNamespaceExport(statement.exportClause);
        add(statement.moduleSpecifier, exportAll && statement.isTypeOnly);
      }
    }
    return imports;
  }

  /** Strongly connected components of the value-import graph (Tarjan, iterative). */
  const component = new Map();
  function componentOf(start) {
    if (component.has(start)) return component.get(start);
    let index = 0;
    const order = new Map();
    const low = new Map();
    const stack = [];
    const onStack = new Set();
    const work = [[start, null]];
    const valueTargets = (file) =>
      [...importsOf(file)]
        .filter(([, declarations]) => declarations.some((d) => !d.typeOnly))
        .map(([target]) => target);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [file] = frame;
      if (!order.has(file)) {
        order.set(file, index);
        low.set(file, index);
        index += 1;
        stack.push(file);
        onStack.add(file);
        frame[1] = valueTargets(file)[Symbol.iterator]();
      }
      const next = frame[1].next();
      if (!next.done) {
        const target = next.value;
        if (component.has(target)) continue;
        if (!order.has(target)) work.push([target, null]);
        else if (onStack.has(target)) low.set(file, Math.min(low.get(file), order.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(file)));
      }
      if (low.get(file) === order.get(file)) {
        const id = `${file}#${order.get(file)}`;
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.set(member, id);
        } while (member !== file);
      }
    }
    return component.get(start);
  }

  graph = { importsOf, componentOf, resolve };
  programGraphs.set(program, graph);
  return graph;
}

/**
 * No import cycles in the web app, as eslint-plugin-import's `import/no-cycle` with
 * `ignoreExternal` defines them, and with its messages: an import (not `import type`) whose file
 * leads back to the importing one through imports that are not type-only, found breadth-first,
 * reported on the import as "Dependency cycle detected." or "Dependency cycle via <specifier>:<line>
 * => …". The graph is the TypeScript program's own resolved imports (the typed lint has the
 * program already), where the import plugin resolved and parsed every imported file again: it
 * found .ts and .tsx files, and then skipped them, as not among its `import/extensions` (decision
 * 190's amendment).
 */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles (import/no-cycle, from the TypeScript program)' },
    schema: [],
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) throw new Error('boundaries/no-cycle needs type information (a TS program)');
    const myPath = path.resolve(context.physicalFilename);
    const sourceFile = program.getSourceFile(myPath);
    if (!sourceFile) return {};
    const graph = programGraph(program);
    const tsNodeOf = context.sourceCode.parserServices.esTreeNodeToTSNodeMap;
    // Shared by the imports of one file, as the import plugin's is.
    const traversed = new Set();

    function check(source, importer) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (
        importer.type === 'ImportDeclaration' &&
        (importer.importKind === 'type' ||
          importer.specifiers.every((specifier) => specifier.importKind === 'type'))
      ) {
        return;
      }
      const imported = graph.resolve(tsNodeOf.get(source), sourceFile);
      if (!imported || imported === myPath) return;
      const mine = graph.componentOf(myPath);
      if (mine !== graph.componentOf(imported)) return;
      const untraversed = [{ file: imported, route: [] }];
      while (untraversed.length > 0) {
        const { file, route } = untraversed.shift();
        if (traversed.has(file)) continue;
        traversed.add(file);
        let found = false;
        for (const [target, declarations] of graph.importsOf(file)) {
          if (graph.componentOf(target) !== mine || traversed.has(target)) continue;
          const toTraverse = declarations.filter((declaration) => !declaration.typeOnly);
          if (target === myPath && toTraverse.length > 0) {
            found = true;
            break;
          }
          for (const declaration of toTraverse) {
            untraversed.push({ file: target, route: [...route, declaration] });
          }
        }
        if (found) {
          context.report({
            node: importer,
            message:
              route.length > 0
                ? `Dependency cycle via ${route.map((step) => `${step.value}:${step.line}`).join('=>')}`
                : 'Dependency cycle detected.',
          });
          return;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node),
      ExportNamedDeclaration: (node) => check(node.source, node),
      ExportAllDeclaration: (node) => check(node.source, node),
      ImportExpression: (node) => check(node.source, node),
    };
  },
};

/**
 * Table owners (tooling/table-owners.js): a table of db/schema is imported by its owner only; a
 * read model imports any table but never hands one to insert/update/delete. Exceptions of today
 * are listed in KNOWN_VIOLATIONS, which only shrinks.
 */
const tableOwners = {
  meta: {
    type: 'problem',
    docs: { description: 'Each table is used by its owner only; read models write none' },
    schema: [{ enum: ['api'] }],
    messages: {
      foreign:
        "'{{table}}' belongs to {{owner}}: ask its service instead (tooling/table-owners.js).",
      unowned: "'{{table}}' has no owner: name one in tooling/table-owners.js.",
      readModelWrites:
        "{{folder}} is a read model ({{what}}): it reads '{{table}}' but writes no table.",
    },
  },
  create(context) {
    const { srcRoot } = APPS[context.options[0]];
    const file = context.physicalFilename;
    const folder = folderOf(srcRoot, file);
    // db/ declares the tables; tests may set up any state they need.
    if (!folder || folder === 'db') return {};
    const excused = new Set(KNOWN_VIOLATIONS[folder] ?? []);
    const readModel = READ_MODELS[folder];
    /** Local name → table, for the tables a read model imported without an exception. */
    const readOnly = new Map();

    return {
      ImportDeclaration(node) {
        const specifier = node.source.value;
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const target = path.relative(srcRoot, path.resolve(path.dirname(file), specifier));
        if (!target.split(path.sep).join('/').startsWith('db/schema')) return;
        for (const part of node.specifiers) {
          if (part.type !== 'ImportSpecifier') continue;
          const table = part.imported.name;
          // Column helpers and types share the barrel: only pgTable exports are owned.
          if (!/^[a-z]/.test(table) || excused.has(table)) continue;
          const owner = TABLE_OWNERS[table];
          if (owner === undefined) {
            if (schemaTableNames().has(table)) {
              context.report({ node: part, messageId: 'unowned', data: { table } });
            }
            continue;
          }
          if (owner === folder) continue;
          if (readModel) readOnly.set(part.local.name, table);
          else context.report({ node: part, messageId: 'foreign', data: { table, owner } });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        const [first] = node.arguments;
        if (
          readOnly.size === 0 ||
          callee.type !== 'MemberExpression' ||
          callee.property.type !== 'Identifier' ||
          !['insert', 'update', 'delete'].includes(callee.property.name) ||
          first?.type !== 'Identifier' ||
          !readOnly.has(first.name)
        ) {
          return;
        }
        context.report({
          node,
          messageId: 'readModelWrites',
          data: { folder, what: readModel, table: readOnly.get(first.name) },
        });
      },
    };
  },
};

/** The tables the schema declares (`export const x = pgTable(`), read once per process. */
let schemaTables = null;
function schemaTableNames() {
  if (schemaTables) return schemaTables;
  const dir = path.join(APPS.api.srcRoot, 'db/schema');
  schemaTables = new Set();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(dir, name), 'utf8');
    for (const [, table] of text.matchAll(/export const (\w+) = pgTable\(/g))
      schemaTables.add(table);
  }
  return schemaTables;
}

export default {
  rules: {
    'import-boundaries': importBoundaries,
    'no-folder-cycles': noFolderCycles,
    'no-cycle': noCycle,
    'table-owners': tableOwners,
  },
};
