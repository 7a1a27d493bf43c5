// Jest 30 + @swc/jest: the @nestjs/* packages are published as ES modules only, which ts-jest cannot
// load into Jest's CommonJS module system; @swc/jest compiles them (and our TypeScript) to CommonJS.
const swcOptions = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true, dynamicImport: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcOptions],
    // @nestjs/* and @scalar/* (the reference's renderer) are pure ESM: compile them to CommonJS like our own code.
    'node_modules/@(nestjs|scalar)/.+\\.js$': [
      '@swc/jest',
      { ...swcOptions, jsc: { ...swcOptions.jsc, parser: { syntax: 'ecmascript' } } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/|@scalar/)'],
};

module.exports = {
  // Jest reads testTimeout from the root config only; inside a project entry it is ignored.
  testTimeout: 60_000,
  // Two workers even on two cores (Jest's default there is one): most specs wait on PostgreSQL
  // and on the service processes they start, so two at a time halve the suite's time
  // (docs/architecture.md, "Tests"). Every spec owns its data (its own accounts, databases or
  // servers), which is what makes running them side by side safe.
  maxWorkers: 2,
  projects: [
    {
      ...common,
      displayName: 'unit',
      // test/support/*.spec.ts: the e2e tooling's own checks (the secrets scan's scanner, the Dockerfile replay);
      // clients/typescript/test/: the TypeScript client's, over a fake fetch.
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/support/**/*.spec.ts', '<rootDir>/clients/typescript/test/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/global-setup.mjs',
      globalTeardown: '<rootDir>/test/global-teardown.mjs',
      testTimeout: 60_000,
    },
    {
      // Fault-injection specs: each starts its own embedded PostgreSQL (and Redis where
      // installed) so it can stop, SIGSTOP and restart them without touching other specs.
      ...common,
      displayName: 'faults',
      testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
    },
  ],
};
