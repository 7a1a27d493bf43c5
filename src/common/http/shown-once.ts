import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, Observable } from 'rxjs';

/**
 * Secrets a response shows once and nothing may keep: a new share link's token (and any
 * later secret of the kind). A presenter writes the field as `null` and attaches the real
 * value under this symbol; JSON (how an idempotent response is stored) and structuredClone
 * drop symbol-keyed properties, so a stored copy never holds the secret, while
 * revealShownOnce, after the idempotency layer (@IdempotentPost), puts it back into the
 * response that is being sent for the request that made it. A replay comes from storage: the field stays null.
 */
const SHOWN_ONCE = Symbol('shown-once');

type WithShownOnce = Record<string | symbol, unknown> & { [SHOWN_ONCE]?: Record<string, unknown> };

/** `stored` as it may be kept (secret fields null), carrying `secrets` for this one response. */
export function shownOnce<T extends object>(stored: T, secrets: { [K in keyof T]?: T[K] | string }): T {
  return Object.assign({ ...stored }, { [SHOWN_ONCE]: secrets });
}

/**
 * The value with every shown-once secret filled in. Only what holds a secret is copied (the
 * input is never changed); a response without one is returned as it is, allocating nothing.
 */
export function revealShownOnce(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((entry, i) => {
      const revealed = revealShownOnce(entry);
      if (revealed !== entry) (copy ??= [...(value as unknown[])])[i] = revealed;
    });
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const source = value as WithShownOnce;
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(source)) {
    const revealed = revealShownOnce(field);
    if (revealed !== field) (copy ??= { ...source })[key] = revealed;
  }
  const secrets = source[SHOWN_ONCE];
  if (!secrets) return copy ?? source;
  const { [SHOWN_ONCE]: _carried, ...shown } = (copy ?? source) as WithShownOnce;
  return { ...shown, ...secrets };
}

/**
 * On the developer page's routes that show a secret once (they take no Idempotency-Key).
 * @IdempotentPost reveals on the POST /v1/ routes itself, after the idempotency layer stored
 * the handler's data, before the HTTP adapter's envelope.
 */
@Injectable()
export class ShownOnceInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map(revealShownOnce));
  }
}
