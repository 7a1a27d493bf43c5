import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, type Type, UseInterceptors } from '@nestjs/common';
import { ApiQuery, IntersectionType } from '@nestjs/swagger';
import type { Request } from 'express';
import { from, type Observable, switchMap } from 'rxjs';
import { MODES } from '../../../common/auth/principal';
import { MODE_DESCRIPTION, ModeQuery } from '../../../common/http/mode.query';
import { createValidationPipe } from '../../../common/http/validation';

/** A route's own query DTO that also takes `?mode=` (the global pipe refuses fields a DTO does not declare). */
export const WithMode = <T>(query: Type<T>) => IntersectionType(query, ModeQuery);

/**
 * Checks a portal route's `?mode=`. The session is the account's, whatever the mode, so the page
 * chooses the mode per request; enterRequestMode (access.module.ts) has already run the
 * request in the mode it names, so the handler, and the statements it sends, work on that mode's
 * schema exactly as a key of that mode would, and an id of the other mode is a 404 there. The
 * mode is checked by the ModeQuery DTO through the application's own validation pipe, so a wrong
 * one is the same 400 as any bad query, before the handler runs.
 */
@Injectable()
export class PortalModeInterceptor implements NestInterceptor {
  private readonly validation = createValidationPipe();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { mode } = context.switchToHttp().getRequest<Request>().query;
    const query = mode === undefined ? {} : { mode };
    return from(this.validation.transform(query, { type: 'query', metatype: ModeQuery }) as Promise<ModeQuery>).pipe(
      switchMap(() => next.handle()),
    );
  }
}

/**
 * On a portal controller: each of its routes takes `?mode=live|test` and works on that mode's
 * data (enterRequestMode enters it, PortalModeInterceptor checks it; access.module.ts
 * registers the middleware for these controllers' paths), and the OpenAPI document says so for
 * each.
 */
export const PortalMode = () =>
  applyDecorators(
    UseInterceptors(PortalModeInterceptor),
    ApiQuery({ name: 'mode', required: false, enum: MODES, description: MODE_DESCRIPTION }),
  );
