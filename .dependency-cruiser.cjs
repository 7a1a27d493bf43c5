/**
 * The architecture's rules, checked by `npm run check:boundaries` (dependency-cruiser) in CI.
 * See README "Architecture rules" for why each exists.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-free-of-frameworks',
      comment: "A module's domain/ is plain TypeScript: no Nest, ORM, driver, HTTP framework or Redis client.",
      severity: 'error',
      from: { path: '^src/modules/[^/]+/domain/', pathNot: '\\.spec\\.ts$' },
      // Resolved (node_modules/…) or, for packages whose exports the resolver does not follow, the bare name.
      to: { path: '(^|node_modules/)(@nestjs/|typeorm($|/)|pg($|/)|pg-[a-z-]+($|/)|express($|/)|ioredis($|/))' },
    },
    {
      name: 'domain-free-of-adapters',
      comment:
        "A module's domain/ reaches no http/ or infrastructure/ folder (its own or another's): adapters depend on the domain, not the other way round.",
      severity: 'error',
      from: { path: '^src/modules/[^/]+/domain/', pathNot: '\\.spec\\.ts$' },
      to: { path: '/(http|infrastructure)/' },
    },
    {
      name: 'modules-through-their-exports',
      comment:
        "A module uses another module's domain services and ports (what its Nest module exports), never its adapters. Specs and test support may wire other modules' in-memory adapters.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: ['\\.spec\\.ts$', '/testing/'] },
      to: { path: '^src/modules/[^/]+/infrastructure/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'test-support-only-in-tests',
      comment: 'Test doubles, fixtures and contracts (testing/ folders) are for specs and other test support, never for production code.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['\\.spec\\.ts$', '/testing/'] },
      to: { path: '/testing/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter (a class imported before it is defined is undefined).',
      severity: 'error',
      from: { path: '^src/' },
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
