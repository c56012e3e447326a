/**
 * Three projects: `web` runs the React app's unit tests in jsdom; `unit` runs on the embedded engines with nothing installed (npm test);
 * `infra` runs the shared engine suites (`*.suite.ts`) and service tests against the real engines that
 * infra/local/up.sh starts (npm run test:infra). Infra test files end in `.infra.test.ts`.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // A folder for the run's migrated test database templates (services/kit/src/testing/test-database.ts).
  globalSetup: '<rootDir>/services/kit/src/testing/jest-global-setup.ts',
  globalTeardown: '<rootDir>/services/kit/src/testing/jest-global-teardown.ts',
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/web/e2e/'],
  // The typecheck's declarations (tsc -b) are no modules to load.
  modulePathIgnorePatterns: ['/\\.tsbuild/'],
};

module.exports = {
  // Jest's default (one worker less than the cores) runs everything in one process on two cores;
  // one worker per core overlaps the suites' waiting (timers, polling) with another's work.
  maxWorkers: '100%',
  // A worker keeps what every test file before it left behind (module registries, PGlite's
  // memory), and its garbage collection slows as that grows: the unit run took 9 to 10 minutes on
  // two cores with workers kept for the whole run, about 4 with a worker replaced after a file
  // once its heap passes this (docs/performance.md, "Test time").
  workerIdleMemoryLimit: '200MB',
  // A global option (ignored inside a project): booting services on PGlite takes seconds on two
  // busy cores, more than jest's default of 5 s for a hook.
  testTimeout: 30000,
  projects: [
    '<rootDir>/web/jest.config.cjs',
    {
      ...common,
      displayName: 'unit',
      roots: ['<rootDir>/contracts', '<rootDir>/services', '<rootDir>/scripts', '<rootDir>/infra'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [
        ...common.testPathIgnorePatterns,
        '\\.infra\\.test\\.ts$',
        '\\.chaos\\.test\\.ts$',
      ],
    },
    {
      ...common,
      displayName: 'infra',
      roots: ['<rootDir>/services'],
      testMatch: ['**/*.infra.test.ts'],
    },
    {
      // `npm run test:chaos`: engines and processes failing on purpose (kills, restarts) against
      // the real engines; after the infra suite, since some of them stop an engine for a while.
      ...common,
      displayName: 'chaos',
      roots: ['<rootDir>/services'],
      testMatch: ['**/*.chaos.test.ts'],
    },
  ],
};
