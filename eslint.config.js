// One lint setup for every workspace. Type-aware rules run on the TypeScript sources; import
// direction is enforced for the API and the web app (docs/architecture.md), and
// tooling/lint-rules.test.ts breaks each rule on purpose to prove it fires.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from './tooling/eslint-plugin-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each TypeScript file is checked with the project that compiles it (tests included).
        project: [
          './packages/shared/tsconfig.test.json',
          './apps/api/tsconfig.test.json',
          './apps/web/tsconfig.json',
          './tooling/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Plain JavaScript (configs, scripts, benchmarks) belongs to no TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // A promise nobody awaits hides its failure: every one is awaited, returned or marked `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and handlers are async by contract, whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X }` keeps a side-effect import under verbatimModuleSyntax: the module still loads.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings through config/env.ts only.',
        },
      ],
    },
  },
  {
    // Tests read answers as parsed JSON and check them with expect(); typing every body there
    // would only restate the assertion. Floating promises and the other rules still apply.
    files: [
      '**/*.test.{ts,tsx}',
      'apps/web/e2e/**',
      'apps/api/src/test/**',
      'apps/web/src/testing/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Settings, tooling and tests may read the environment directly.
    files: [
      'apps/api/src/config/env.ts',
      '**/*.config.{ts,js,mjs}',
      '**/*.test.{ts,tsx}',
      'apps/api/src/test/**',
      'apps/web/e2e/**',
      'bench/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/import-boundaries': ['error', 'api'],
      'boundaries/no-folder-cycles': ['error', 'api'],
      'boundaries/table-owners': ['error', 'api'],
    },
  },
  {
    // One data-access style (docs/architecture.md "One way per thing"): a module's SQL lives in
    // its repository (`<module>.repository.ts`); a service composes use cases and never imports
    // tables or query builders (types are fine), with no exception.
    files: ['apps/api/src/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', '**/db/schema/*'],
              allowTypeImports: true,
              message: "Services never write SQL: queries live in the module's repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@coop/api*', '@coop/web*', 'react*'],
              message: '@coop/shared depends on zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // import/no-cycle's check and messages, on the imports the TypeScript program resolved
      // (decision 190's amendment): the import plugin skipped every .ts/.tsx file.
      'boundaries/no-cycle': 'error',
      'boundaries/import-boundaries': ['error', 'web'],
      // Off every first load (decision 089): toasts go through lib/toast, which fetches the
      // library with the first toast; the user menu's dropdown comes on the first opening. The
      // sign-in form's code comes on its first use (decision 146).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              allowTypeImports: true,
              message: "Show toasts with lib/toast's toast: sonner is fetched with the first one.",
            },
          ],
          patterns: [
            {
              group: ['**/layouts/user-menu-dropdown'],
              message: 'The user menu loads its dropdown lazily (layouts/user-menu.tsx).',
            },
            {
              group: ['**/auth/components/login-form', './login-form'],
              message:
                'The sign-in page fetches its form on first use: render DeferredLoginForm (features/auth/components/deferred-login-form.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    // The toast region itself, and tests that drive sonner directly.
    files: ['apps/web/src/components/ui/toaster-region.tsx', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'apps/api/**/*.ts', 'bench/**', 'scripts/**'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
