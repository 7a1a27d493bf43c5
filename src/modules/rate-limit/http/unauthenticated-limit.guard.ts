import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { RateLimited, Unauthenticated } from '../../../common/errors/domain-error';
import { ApiKeyGuard } from '../../keys/http/api-key.guard';
import { RateLimitStore } from '../domain/rate-limit-store';
import { clientAddress } from '../../../common/http/client-address';

export const UNAUTHENTICATED_WINDOW_MS = 60_000;

/** Settings of the per-address limit, provided by rate-limit.module.ts. */
export class UnauthenticatedLimit {
  constructor(readonly limit: number) {}
}

/**
 * The API-key guard, plus a coarse limit on what it refuses: every request it answers 401
 * counts against the client's address, and past the limit the answer becomes 429 instead,
 * so keys cannot be guessed at speed. A valid key is never refused here — a client sharing an
 * address with a guesser is only limited by its own key. Wrapping (rather than a guard of its
 * own) is what lets it count only the requests that really end in a 401.
 */
@Injectable()
export class UnauthenticatedLimitGuard implements CanActivate {
  constructor(
    private readonly apiKeys: ApiKeyGuard,
    private readonly store: RateLimitStore,
    private readonly settings: UnauthenticatedLimit,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      return await this.apiKeys.canActivate(context);
    } catch (error) {
      if (error instanceof Unauthenticated) {
        const address = clientAddress(context.switchToHttp().getRequest<Request>());
        const decision = await this.store.hit(`addr:${address}`, this.settings.limit, UNAUTHENTICATED_WINDOW_MS);
        if (!decision.allowed) throw new RateLimited(decision.resetSeconds);
      }
      throw error;
    }
  }
}
