/**
 * Unit tests of the React app (jsdom). Runnable on its own (`npm test -w @clinic/web`, or
 * `npx jest -c web/jest.config.cjs` from the repo root) and usable as a project entry of the
 * root jest config: `projects: ['<rootDir>/web/jest.config.cjs', ...]`.
 */
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: [
    '<rootDir>/src/**/*.test.ts',
    '<rootDir>/src/**/*.test.tsx',
    // The build's own checks (the route budget).
    '<rootDir>/scripts/**/*.test.ts',
  ],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: { '\\.css$': '<rootDir>/test/styleStub.cjs' },
  setupFiles: ['<rootDir>/test/setup.cjs'],
};
