#!/usr/bin/env node
// The throttler guard's own cost per request, in process, against dist/: KeyThrottlerGuard, which
// reads a route's @Throttle()/@SkipThrottle() once per handler, beside the same guard running
// @nestjs/throttler's own canActivate, which reads them on every request
// (docs/adr/0005-throttler-guard-reads-route-limits-once.md). Both count a keyed route with the
// app's two throttlers, under a limit never reached, and write the same headers: once with a
// storage that answers at once (the guard's own cost), once with the memory store. Rounds
// alternate so that a busy machine weighs on both alike.
//
//   node scripts/ensure-built.mjs && BENCH_ITERATIONS=200000 node bench/throttler-guard.mjs
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dist = (path) => require(join(root, 'dist', path));
const { Reflector } = require('@nestjs/core');
const { SkipThrottle, ThrottlerGuard } = require('@nestjs/throttler');
const { RequireScope } = dist('common/http/decorators.js');
const { SystemClock } = dist('common/ports/clock.js');
const { KeyThrottlerGuard } = dist('modules/access/http/key-throttler.guard.js');
const { MemoryRateLimitStore } = dist('modules/rate-limit/infrastructure/in-memory/memory-rate-limit.store.js');
const { SlidingWindowThrottlerStorage } = dist('modules/rate-limit/infrastructure/throttler/sliding-window-throttler.storage.js');

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const KEYS = 1_000;

class MeController {
  me() {}
}
const descriptor = Object.getOwnPropertyDescriptor(MeController.prototype, 'me');
RequireScope('profile:read')(MeController.prototype, 'me', descriptor);
// What the package's semantics need for a keyed route not to be counted by the portal's throttler.
SkipThrottle({ portal: true })(MeController.prototype, 'me', descriptor);

/** The same guard, with the package's canActivate (metadata read per request) in place of its own. */
class PackageCanActivate extends KeyThrottlerGuard {
  canActivate(context) {
    return ThrottlerGuard.prototype.canActivate.call(this, context);
  }
}

const options = {
  throttlers: [
    { name: 'default', limit: 1_000_000_000, ttl: 60_000 },
    { name: 'portal', limit: 1_000_000_000, ttl: 60_000 },
  ],
};

/** Answers every hit at once, as admitted: what remains is the guard's own work. */
const instant = { increment: async () => ({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 }) };

async function make(Guard, storage) {
  const guard = new Guard(options, storage, new Reflector());
  await guard.onModuleInit();
  return guard;
}

const response = { setHeader() {}, appendHeader() {} };
const requests = Array.from({ length: KEYS }, (_, i) => ({
  principal: { userId: 'u', keyId: `bench-${i}`, scopes: ['profile:read'] },
  headers: {},
  ip: '127.0.0.1',
}));
const context = (request) => ({
  getHandler: () => descriptor.value,
  getClass: () => MeController,
  getArgByIndex: (index) => (index === 0 ? request : response),
  switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  getType: () => 'http',
});
const contexts = requests.map(context);

async function run(guard) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < ITERATIONS; i += 1) await guard.canActivate(contexts[i % KEYS]);
  return Number(process.hrtime.bigint() - started) / ITERATIONS;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`ns per canActivate, median of ${ROUNDS} rounds of ${ITERATIONS} (node ${process.version})`);
for (const [storageName, makeStorage] of [
  ['storage answering at once', () => instant],
  ['memory store', () => new SlidingWindowThrottlerStorage(new MemoryRateLimitStore(new SystemClock()))],
]) {
  const guards = {
    'KeyThrottlerGuard (route read once)': await make(KeyThrottlerGuard, makeStorage()),
    "package's canActivate": await make(PackageCanActivate, makeStorage()),
  };
  for (const guard of Object.values(guards)) await run(guard); // warm-up
  const samples = Object.fromEntries(Object.keys(guards).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, guard] of Object.entries(guards)) samples[name].push(await run(guard));
  }
  for (const [name, values] of Object.entries(samples))
    console.log(`${storageName.padEnd(28)} ${name.padEnd(38)} ${median(values).toFixed(0).padStart(6)}`);
}
