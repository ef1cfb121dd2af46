import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { borders } from './eslint.borders.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      '**/*.config.js',
      '**/*.cjs',
      'apps/web/public/**',
      // Scratch and report output, at any depth (.gitignore's `.tmp/`), and the web build's
      // bundle report: generated, never source.
      '**/.tmp/**',
      '**/dist-report/**',
      // Hand-written types of the scripts that TypeScript tests import: no code to lint.
      'scripts/**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.mjs', '*.ts', 'scripts/*.mjs', 'bench/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
    },
  },
  {
    // Under Node 20's V8, a request that built an object literal with a getter stayed alive
    // through young collections with all it held: raw reads spent about 40 % of their CPU
    // copying and promoting requests (docs/performance.md, round 8). A class's accessors
    // (on its prototype) cost nothing of the kind.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ObjectExpression > Property[kind='get'], ObjectExpression > Property[kind='set']",
          message:
            'No getters or setters in object literals on the server: use a class (see docs/performance.md, round 8).',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/test/**', '**/*.test.{ts,tsx}', '**/e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // The server suites share a worker's modules between test files (isolate: false in
    // apps/server/vitest.config.ts): what these change would outlive the file that did it.
    files: ['apps/server/test/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv', 'stubGlobal', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Server test files share modules (isolate: false): hand the app a stand-in through AppDeps (e.g. ManualClock) instead.',
        })),
      ],
    },
  },
  ...borders,
);
