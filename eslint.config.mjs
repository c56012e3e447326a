import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.infra/**',
      'test-results/**',
      'playwright-report/**',
      '.turbo/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.contract.ts', '**/testing/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // A focused test left in a commit silently skips every other test of its file (jest has no
    // forbidOnly; Playwright's only applies with CI set), so lint refuses them everywhere.
    files: ['**/*.test.{ts,tsx}', '**/*.contract.ts', '**/testing/**', 'web/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='only'][object.name=/^(it|test|describe)$/], MemberExpression[property.name='only'][object.property.name='describe']",
          message: 'Remove .only: a focused test skips the others.',
        },
        {
          selector: 'CallExpression[callee.name=/^f(it|describe)$/]',
          message: 'Remove fit/fdescribe: a focused test skips the others.',
        },
      ],
    },
  },
);
