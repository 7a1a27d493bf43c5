import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { countedStatus } from '../../../common/http/counted-status';
import type { RequestWithPrincipal } from '../../../common/http/principal';
import { KeyUsageCounter } from '../domain/key-usage-counter';

/**
 * Counts every /v1/ and /mcp request whose key was recognised (ApiKeyGuard put its principal on
 * the request), whatever its outcome, guard refusals included, by the status it was answered with
 * (or the one it stands for: countedStatus).
 * The listener is one function made once, reading the request from the response, so a request
 * costs one listener and, when it finishes, the counter's lookup and increment. A request
 * whose connection closes before its answer is complete is not counted.
 */
@Injectable()
export class KeyUsageMiddleware implements NestMiddleware<Request, Response> {
  private readonly counted: (this: Response) => void;

  constructor(counter: KeyUsageCounter) {
    this.counted = function (this: Response): void {
      const principal = (this.req as RequestWithPrincipal).principal;
      if (principal !== undefined) counter.count(principal.keyId, countedStatus(this));
    };
  }

  use(_request: Request, response: Response, next: NextFunction): void {
    response.on('finish', this.counted);
    next();
  }
}
