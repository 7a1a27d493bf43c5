import type { INestApplication } from '@nestjs/common';
import { CommonModule } from '../../src/common/common.module';
import { Clock } from '../../src/common/ports/clock';
import { FakeClock } from '../../src/common/testing/fake-clock';

/**
 * Makes a running test app (see test-app.ts) take its time from `clock`, a FakeClock the
 * test moves by hand, so a spec proves "within 1 s" or "after Retry-After" by moving time
 * rather than by sleeping and measuring wall-clock time.
 *
 * Why not a provider override: createApp() builds the app with NestFactory.create, which
 * has no overrideProvider, and a module passed through startTestApp's `extra.imports` cannot
 * replace the Clock of the global CommonModule (Nest resolves a token to the first global
 * module exporting it, and CommonModule is imported first; tried: KeysService kept its
 * SystemClock). So this answers the app's one Clock instance — the singleton KeysService,
 * the rate-limit store and every other service received through the Clock port — from
 * `clock`, through a Jest spy on its `now()`. Call it right after startTestApp, before any
 * request; jest.restoreAllMocks() undoes it.
 *
 * Only what reads the Clock port moves with it: Date.now() and the database's now() do not.
 */
export function driveClock(app: INestApplication, clock: FakeClock): FakeClock {
  // CommonModule's own instance, the one every module was given (app.get(Clock) would
  // return any module's Clock provider, not necessarily that one).
  const port = app.select(CommonModule).get(Clock, { strict: true });
  jest.spyOn(port, 'now').mockImplementation(() => clock.now());
  if (port.now().getTime() !== clock.now().getTime()) throw new Error('the app did not take its time from the driven clock');
  return clock;
}

/** A FakeClock that starts at the real current time (so stored timestamps stay plausible) and only moves when told. */
export const frozenNow = (): FakeClock => new FakeClock(new Date());
