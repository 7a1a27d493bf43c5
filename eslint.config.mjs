// ESLint (flat config): typescript-eslint's recommended rules with type information for
// src/ and test/, plain recommended rules for the JavaScript scripts. Formatting is Prettier's
// job (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // The client's generated types are openapi-typescript's output, compared as generated.
  { ignores: ['dist/', 'node_modules/', '.data/', 'coverage/', 'clients/typescript/dist/', 'clients/typescript/src/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Ports are asynchronous by contract (Promise-returning abstract methods); an in-memory
      // adapter or a guard that has nothing to await still implements them as `async`.
      '@typescript-eslint/require-await': 'off',
      // `_`-prefixed parameters and bindings are deliberately unused (a pipe's marker body, a
      // destructured field left out of a copy).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Test mode's separation is the choice of connection pool, made in managerOf, NamedStatement
    // and the unit of work (docs/adr/0007-test-mode-schema-per-mode.md). A repository that used
    // its DataSource directly would always reach live data: it may only hand it to those.
    files: ['src/modules/**/infrastructure/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['MemberExpression[object.property.name=/^(dataSource|db)$/]', 'MemberExpression[object.name=/^(dataSource|db)$/]'].map(
          (receiver) => ({
            selector: `${receiver}[property.name=/^(manager|query|createQueryRunner|createQueryBuilder|getRepository|transaction|driver)$/]`,
            message: "Reach the database through managerOf(), a NamedStatement or the UnitOfWork: they pick the mode's schema (test mode).",
          }),
        ),
      ],
    },
  },
  {
    // Specs and test support read JSON answers (supertest's `res.body` is `any` by design) and log lines; the
    // assertions on them are the type check, so the no-unsafe-* family would only demand casts.
    files: ['test/**/*.ts', 'src/**/*.spec.ts', 'src/**/testing/**/*.ts'],
    languageOptions: { globals: globals.jest },
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The developer page's script runs in the browser (type-checked by its own tsconfig, DOM library).
    files: ['src/**/browser/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node, ...globals.jest },
    },
    // CommonJS files load their dependencies with require().
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
);
