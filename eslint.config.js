// One lint setup for every workspace. Type-aware rules run on the TypeScript sources;
// import direction is enforced so features stay vertical (see docs/architecture.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
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
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      // The web app imports without extensions (bundler resolution); without a resolver that
      // knows .ts/.tsx the zone and cycle rules would silently check nothing.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Shared web code never imports features or routes; features never import routes.
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'apps/api/**/*.ts', 'bench/**', 'scripts/**'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
