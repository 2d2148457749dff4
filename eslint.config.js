import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Every text a member reads comes from the catalogues (apps/web/src/i18n/locales, the contract's):
    // a literal in JSX, or in a prop a person reads or hears, is refused.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/lib/testing.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              '^(aria-label|aria-description|aria-roledescription|aria-valuetext|alt|title|label|placeholder|helperText|primary|secondary|subheader|headerName|tooltip|caption|emptyText)$',
            ],
          },
          words: {
            // Only punctuation, digits, symbols or emoji (the plugin builds its RegExp without the `u` flag).
            exclude: [
              '^[\\s\\d!-/:-@\\[-`{-~·–—…•×→←↑↓\\u2000-\\u2BFF\\uD83C-\\uDBFF\\uDC00-\\uDFFF\\uFE0F]*$',
              '^Sajha$',
            ],
          },
          message: 'A text a member reads comes from a catalogue: t(...) or useMessages()',
        },
      ],
    },
  },
  {
    // The contract's English texts reach a screen only through useMessages() / messages(), in the
    // member's language (apps/web/src/i18n); tests compare with the English ones directly.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@sajha/contract',
              importNames: [
                'Messages',
                'AiText',
                'CallTexts',
                'FeatureMessages',
                'UploadMessages',
                'ModerationMessages',
                'PeopleMessages',
                'ReelMessages',
                'SettingsText',
                'SignupMessages',
                'UxMessages',
                'ServerTexts',
                'HelpText',
                'SearchText',
                'PrivacyText',
              ],
              message:
                'Read the contract texts in the member language: useMessages() (components) or messages() (i18n/prefs).',
            },
          ],
        },
      ],
    },
  },
);
