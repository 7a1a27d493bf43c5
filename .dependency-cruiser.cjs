/**
 * The architecture's rules, checked by `npm run check:boundaries` (dependency-cruiser) in CI.
 * test/support/architecture-rules.spec.ts plants one violation of each rule in a fixture tree
 * (test/support/architecture/fixture/) and checks that each rule reports exactly its own.
 *
 * The layers of a module (src/modules/<name>/):
 * - domain/: entities, value objects, domain services and ports (abstract classes); plain
 *   TypeScript that runs anywhere, so tests build it with `new` and in-memory adapters;
 * - application/: read models (queries answering ready-made JSON) and the query services over
 *   them, built on the domain;
 * - infrastructure/: adapters of the ports (TypeORM, in-memory, node:crypto, Redis, HTTP clients);
 * - http/: controllers, DTOs and presenters;
 * - persistence/: the SQL fragments of the module's tables that other modules' adapters splice
 *   into their own statements (ADR 0011), held to the adapters' rules;
 * - testing/: contracts and fakes for specs.
 * src/common/ports/ holds the ports every module shares (Clock, IdGenerator, SecretGenerator,
 * TokenHasher, CursorCodec, UnitOfWork, ...) and is held to the domain's rules.
 */

/** Where the domain's code is: each module's domain/ and the shared ports. */
const DOMAIN = ['^src/modules/[^/]+/domain/', '^src/common/ports/'];

/**
 * Packages the domain may import. A package belongs here only if it is pure computation (no
 * I/O, no framework, no native code); anything else goes behind a port. luxon and
 * rrule-temporal are the calendar arithmetic of an item's due (ADR 0016): zones and
 * recurrence rules are values the domain computes with, as it computes with strings.
 */
const DOMAIN_PACKAGES = ['luxon', 'rrule-temporal'];

/** Local code the domain may import besides its own folder: other domains, shared ports and pure helpers. */
const DOMAIN_MAY_IMPORT = [
  '^src/modules/[^/]+/domain/',
  '^src/common/ports/',
  '^src/common/errors/',
  '^src/common/text/',
  '^src/common/auth/',
  '^src/common/paging/cursor\\.ts$',
  // What webhook deliveries and mail share as domain code: the retry schedule (arithmetic on
  // dates) and the steps of one leased attempt (over the shared ports only).
  '^src/common/outbox/(retry-schedule|leased-attempts)\\.ts$',
  // Reported by its own rule (domain-free-of-application).
  '^src/modules/[^/]+/application/',
];

/** Adapters: each module's infrastructure/, and the shared ones in src/common/. */
const INFRASTRUCTURE = [
  '^src/modules/[^/]+/(infrastructure|persistence)/',
  '^src/common/(persistence|crypto|paging|redis|in-memory|outbox)/',
];

const notSpecs = ['\\.spec\\.ts$', '/testing/'];

/** A `to` of a rule whose `from` captures the importing module as $1: `layer` of any other module. */
const otherModules = (layer) => ({ path: `^src/modules/[^/]+/${layer}/`, pathNot: '^src/modules/$1/' });

module.exports = {
  forbidden: [
    {
      name: 'domain-free-of-libraries',
      comment:
        'The domain imports no package and no Node built-in: no framework (Nest), ORM or driver (TypeORM, pg), HTTP (express), Redis, validator (zod, class-validator), node:crypto or ipaddr.js. What it needs from them is a port (an abstract class in domain/ or src/common/ports/) with an adapter in infrastructure/.',
      severity: 'error',
      from: { path: DOMAIN, pathNot: notSpecs },
      to: {
        dependencyTypes: [
          'core',
          'npm',
          'npm-dev',
          'npm-optional',
          'npm-peer',
          'npm-bundled',
          'npm-no-pkg',
          'npm-unknown',
          'unknown',
          'undetermined',
        ],
        ...(DOMAIN_PACKAGES.length > 0 ? { pathNot: DOMAIN_PACKAGES.map((name) => `(^|node_modules/)${name}($|/)`) } : {}),
      },
    },
    {
      name: 'domain-free-of-adapters',
      comment:
        "The domain imports only domain code and ports (its own module's, another module's domain/, src/common/ports/) and pure helpers (errors, text, scopes): never an http/ or infrastructure/ folder, its own or another's, nor a shared adapter in src/common/. Adapters depend on the domain, not the other way round.",
      severity: 'error',
      from: { path: DOMAIN, pathNot: notSpecs },
      to: { dependencyTypes: ['local'], pathNot: DOMAIN_MAY_IMPORT },
    },
    {
      name: 'domain-free-of-application',
      comment:
        'Read models (queries that answer ready-made JSON) and the query services over them live in application/ and build on the domain; the domain never imports them, so its ports speak domain types only.',
      severity: 'error',
      from: { path: DOMAIN, pathNot: notSpecs },
      to: { path: '^src/modules/[^/]+/application/' },
    },
    {
      name: 'domain-free-of-ambient-mode',
      comment:
        'Domain and application code and the shared ports take the mode as data (a Principal, a ViewerInMode, an argument) and run work in another mode through the ModeScope port (src/common/ports/mode-scope.ts): they never read the ambient work context (src/common/persistence/work-context.ts, the one AsyncLocalStorage, docs/adr/0012-one-ambient-work-context.md) nor keep an AsyncLocalStorage of their own (node:async_hooks). Specs included.',
      severity: 'error',
      from: { path: [...DOMAIN, '^src/modules/[^/]+/application/'] },
      to: { path: ['^src/common/persistence/work-context\\.ts$', '^(node:)?async_hooks$'] },
    },
    {
      name: 'infrastructure-free-of-http',
      comment:
        "Adapters never import the HTTP layer (a module's http/ or src/common/http/): a resource shape both an adapter and a route need (an event's data, a rendered page) lives in the module's application/ and both import it.",
      severity: 'error',
      from: { path: INFRASTRUCTURE, pathNot: notSpecs },
      to: { path: ['^src/modules/[^/]+/http/', '^src/common/http/'] },
    },
    {
      name: 'modules-through-their-exports',
      comment:
        "A module uses another module's domain services and ports (what its Nest module exports), never its adapters. Specs and test support may wire other modules' in-memory adapters.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: notSpecs },
      to: otherModules('infrastructure'),
    },
    {
      name: 'http-free-of-other-http',
      comment:
        "A module's http/ (controllers, DTOs, presenters) serves its own routes: another module's http/ never imports it. What a route and another module's door (an MCP tool) both need, a DTO or a presenter, lives in the owner's application/ and both import it there.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/http/', pathNot: notSpecs },
      to: otherModules('http'),
    },
    {
      name: 'common-free-of-modules',
      comment:
        "src/common/ is what every module shares, so it depends on no module: a shared helper that needs a module's code belongs in that module (a table's SQL fragments in its owner's persistence/, ADR 0011), and the other modules import it from there.",
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'test-support-only-in-tests',
      comment: 'Test doubles, fixtures and contracts (testing/ folders) are for specs and other test support, never for production code.',
      severity: 'error',
      from: { path: '^src/', pathNot: notSpecs },
      to: { path: '/testing/' },
    },
    {
      name: 'client-runs-anywhere',
      comment:
        'The TypeScript client (clients/typescript/) runs in browsers and on Node alike, with fetch and Web Crypto as its only ' +
        'platform: it imports its own modules and nothing else (no Node built-in, no package, nothing of the service).',
      severity: 'error',
      from: { path: '^clients/typescript/src/' },
      to: { pathNot: '^clients/typescript/src/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter (a class imported before it is defined is undefined).',
      severity: 'error',
      from: { path: '^(src|clients/typescript/src)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
