import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, type Type, UseInterceptors } from '@nestjs/common';
import { ApiQuery, IntersectionType } from '@nestjs/swagger';
import type { Request } from 'express';
import { from, type Observable, switchMap } from 'rxjs';
import { MODES } from '../../../common/auth/mode-context';
import { handleInMode } from '../../../common/http/caller';
import { MODE_DESCRIPTION, ModeQuery } from '../../../common/http/mode.query';
import { createValidationPipe } from '../../../common/http/validation';

/** A route's own query DTO that also takes `?mode=` (the global pipe refuses fields a DTO does not declare). */
export const WithMode = <T>(query: Type<T>) => IntersectionType(query, ModeQuery);

/**
 * Runs a portal handler in the mode its `?mode=` names. The session is the account's, whatever
 * the mode, so the page chooses the mode per request; the handler, and the statements it sends,
 * then work on that mode's schema exactly as a key of that mode would (key-mode.middleware.ts), and
 * an id of the other mode is a 404 there. The mode is checked by the ModeQuery DTO through the
 * application's own validation pipe, so a wrong one is the same 400 as any bad query.
 */
@Injectable()
export class PortalModeInterceptor implements NestInterceptor {
  private readonly validation = createValidationPipe();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { mode } = context.switchToHttp().getRequest<Request>().query;
    const query = mode === undefined ? {} : { mode };
    return from(this.validation.transform(query, { type: 'query', metatype: ModeQuery }) as Promise<ModeQuery>).pipe(
      switchMap(({ mode: chosen = 'live' }) => (chosen === 'live' ? next.handle() : handleInMode(chosen, next))),
    );
  }
}

/**
 * On a portal controller: each of its routes takes `?mode=live|test` and works on that mode's
 * data (PortalModeInterceptor), and the OpenAPI document says so for each.
 */
export const PortalMode = () =>
  applyDecorators(
    UseInterceptors(PortalModeInterceptor),
    ApiQuery({ name: 'mode', required: false, enum: MODES, description: MODE_DESCRIPTION }),
  );
