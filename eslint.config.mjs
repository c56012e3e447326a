import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import noForeignSchemaSql from './scripts/eslint-rules/no-foreign-schema-sql.cjs';

// Packages are used through their `exports` (the public entry and `/testing`), never by reaching
// into another package's source.
const packageBoundaries = [
  {
    group: ['@clinic/*/src', '@clinic/*/src/**'],
    message:
      "Import the package's public entry (@clinic/<name>) or its test entry (@clinic/<name>/testing).",
  },
];

/**
 * Domain code, routes and subscribers queue jobs through their definitions (name, payload,
 * enqueue helpers) and never load a handler, which calls the domain back: that was the cycle.
 */
const jobHandlerImports = {
  regex: '(^|/)jobs/(?!definitions/)[^/]+$',
  message: 'Import the job from src/jobs/definitions/; the handler is registered in app.ts only.',
};

/**
 * Contracts' one list of services. Jest (the lint rules' tests) transforms TypeScript itself, and
 * Node with type stripping imports it as it is; Node 20 reads it through tsx.
 */
async function contractsServices() {
  try {
    return await import('@clinic/contracts/services');
  } catch (err) {
    if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
    const { tsImport } = await import('tsx/esm/api');
    return tsImport('@clinic/contracts/services', import.meta.url);
  }
}

/**
 * The web app's folders: shared ones any file may import from, and features (page folders) that
 * others use only through their public file, `index.ts`, and their stylesheet named after them
 * (a page that wears another feature's look, as the prescription pages wear the medical form's).
 * Top-level files (routes.tsx wires the pages) and tests are exempt.
 */
const webShared = [
  'api',
  'cart',
  'catalog',
  'components',
  'session',
  'styles',
  'test-utils',
  'tracking',
  'ui',
  'uploads',
];
const webFeatures = readdirSync(new URL('./web/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !webShared.includes(entry.name))
  .map((entry) => entry.name);
const webFeatureZones = webFeatures.map((feature) => ({
  target: [...webShared, ...webFeatures.filter((other) => other !== feature)].map(
    (folder) => `./web/src/${folder}`,
  ),
  from: `./web/src/${feature}`,
  except: ['./index.ts', `./${feature}.css`],
  message: `Import what ${feature}/ shares from its public file (${feature}/index.ts), or move it to a shared folder.`,
}));

/** The services that own a database schema of their own name. */
const { serviceNames: serviceSchemas } = await contractsServices();

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
      '**/.tsbuild/**',
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
      'no-restricted-imports': ['error', { patterns: packageBoundaries }],
    },
  },
  {
    files: ['services/**/*.{ts,mjs,cjs}'],
    plugins: { clinic: { rules: { 'no-foreign-schema-sql': noForeignSchemaSql } } },
    rules: { 'clinic/no-foreign-schema-sql': ['error', { schemas: serviceSchemas }] },
  },
  {
    files: ['services/*/src/{routes,subscribers}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...packageBoundaries, jobHandlerImports] }],
    },
  },
  {
    // Domain code says what went wrong in the product's terms; HTTP statuses are mapped once, in
    // the kit's error handler.
    files: ['services/*/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...packageBoundaries, jobHandlerImports],
          paths: [
            {
              name: '@clinic/kit',
              importNames: ['HttpError'],
              message: 'Throw a domain error (InvalidRequestError, NotFoundError, ...) instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // No import cycle anywhere: a module that imports itself back through others loads half-built
    // (an undefined at import time) and ties two concerns that should be one or layered. Type-only
    // imports leave no trace at run time and may go both ways.
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Type-aware checks: a promise nobody awaits loses its failure (an unhandled rejection that
    // ends the process, or an error that never reaches the error handler), and a promise where a
    // plain value is expected (an `if`, a callback Express or React does not await) is always
    // truthy or never waited for. A deliberate fire-and-forget says so with `void`: a form's
    // async submit handler catches and shows its own failures, so `onSubmit` starts it with
    // `(event) => void submit(event)`.
    files: [
      'contracts/src/**/*.ts',
      'services/*/src/**/*.ts',
      'web/src/**/*.{ts,tsx}',
      'web/scripts/**/*.ts',
      'web/vite.config.ts',
      'web/e2e/**/*.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // React Router's navigate() settles when the next page has loaded and never rejects
          // (a failing page shows its error boundary): there is nothing to wait for or catch.
          allowForKnownSafeCalls: [
            { from: 'package', name: 'NavigateFunction', package: 'react-router' },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.suite.ts', '**/testing/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // A focused test left in a commit silently skips every other test of its file (jest has no
    // forbidOnly; Playwright's only applies with CI set), so lint refuses them everywhere.
    files: ['**/*.test.{ts,tsx}', '**/*.suite.ts', '**/testing/**', 'web/e2e/**/*.ts'],
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
  {
    // Issue 27: no production function of the web app over 150 lines (a page is a container and
    // step components). Tests are exempt. services/ and contracts/ still have longer functions
    // (the order projection), so the rule is the web app's only for now.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', 'web/src/test-utils/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    files: ['web/src/*/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/testing.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webFeatureZones }] },
  },
);
