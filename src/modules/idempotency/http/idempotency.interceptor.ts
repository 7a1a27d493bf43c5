import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { defer, lastValueFrom, map, Observable } from 'rxjs';
import type { RequestWithPrincipal } from '../../../common/http/principal';
import { IdempotencyService } from '../domain/idempotency.service';
import { fingerprintRequest, readIdempotencyKey } from '../domain/idempotent-request';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Idempotency-Key on every `POST /v1/` route (API.md section 6), put on those routes by
 * @IdempotentPost: it runs after the guards (key 401, rate limit 429, scope 403) and
 * before the body is validated, and it wraps the handler, which runs inside the
 * claim's transaction (the handler is started from within the unit of work, so its
 * repositories join it through managerOf). What it stores and replays is the handler's
 * `data`; the HTTP adapter puts it in the envelope (envelope-adapter.ts).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & RequestWithPrincipal>();
    // Only on POST /v1/ routes (@IdempotentPost; test/idempotency.e2e-spec.ts checks where it sits).
    if (!request.principal) return next.handle();
    const key = readIdempotencyKey(request.headers['idempotency-key']);
    if (key === undefined) return next.handle();

    const response = context.switchToHttp().getResponse<Response>();
    const idempotent = {
      userId: request.principal.userId,
      key,
      fingerprint: fingerprintRequest(request.method, request.originalUrl, request.body),
    };
    return defer(() => this.idempotency.execute(idempotent, () => lastValueFrom(next.handle()))).pipe(
      map((outcome) => {
        if (outcome.replayed) response.setHeader(REPLAYED_HEADER, 'true');
        return outcome.response;
      }),
    );
  }
}
