import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/meta/**',
      'e2e/artifacts/**',
      '**/*.config.*',
      '**/.dependency-cruiser.*',
      'apps/server/build.mjs',
      'apps/server/src/db/pglite-worker.mjs',
      'apps/server/src/db/gc-pauses.mjs',
      'scripts/**',
      'bench/**/*.mjs',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Server boundaries (issue 10 §5): a feature uses another only through its index.ts, the small public
    // surface it chooses; shared building blocks live in platform/ or the contract.
    // Tests may reach anywhere to set up state; the rule guards what ships.
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)[^/]+/(?!index\\.js$)',
              message:
                'Import another feature through its index.ts only (or move the shared part to platform/ or the contract).',
            },
          ],
        },
      ],
    },
  },
  {
    // The layers features stand on never reach up into them; app.ts wires features to them.
    files: ['apps/server/src/{platform,realtime,http,events,db}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)features/', message: 'platform, realtime, http, events and db must not import features.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
