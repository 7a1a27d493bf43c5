import type { KeyMode } from '../auth/principal';

/**
 * What kind of failure a domain error is. The HTTP layer turns the kind into a status
 * (see envelope.filter.ts); the domain itself knows nothing about HTTP.
 */
export type ErrorKind =
  | 'invalid' // the request is malformed or out of bounds
  | 'unauthenticated' // no valid credentials
  | 'forbidden' // authenticated, visible, but not allowed
  | 'not_found' // does not exist or is not visible to the caller
  | 'rule' // well-formed, but breaks a domain rule
  | 'rate_limited'
  | 'gone' // was there once, no longer kept (an expired feed cursor)
  | 'precondition_failed' // the request's precondition (If-Match) no longer holds
  | 'unavailable'; // a dependency (the database) cannot be reached

/** Response headers an error's answer carries beside the envelope, named as HTTP names them. */
export type ErrorHeaders = Readonly<Record<string, string>>;

/**
 * Base of every error a service throws on purpose. `code` is stable and meant for
 * programs and tests; `message` is for humans and goes into the envelope's `error`;
 * `headers` tell a program what the message says in words (Retry-After, X-Required-Scope),
 * so that it need not parse the message.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly headers?: ErrorHeaders,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(code: string, message: string) {
    super('not_found', code, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(code: string, message: string, headers?: ErrorHeaders) {
    super('forbidden', code, message, headers);
  }
}

export class RuleViolation extends DomainError {
  constructor(code: string, message: string) {
    super('rule', code, message);
  }
}

/** The resource changed since the client read it (If-Match): nothing was done. */
export class PreconditionFailed extends DomainError {
  constructor(code: string, message: string) {
    super('precondition_failed', code, message);
  }
}

export class InvalidInput extends DomainError {
  constructor(code: string, message: string) {
    super('invalid', code, message);
  }
}

export class Unauthenticated extends DomainError {
  constructor(code: string, message: string) {
    super('unauthenticated', code, message);
  }
}

export class RateLimited extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', 'RATE_LIMITED', `Rate limit exceeded: retry in ${retryAfterSeconds} seconds`, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

/** A key without the route's scope (403): the scope is named in the message and in `X-Required-Scope`. */
export class MissingScope extends ForbiddenError {
  constructor(readonly scope: string) {
    super('MISSING_SCOPE', `This API key lacks the ${scope} scope`, { 'X-Required-Scope': scope });
  }
}

/** A key of the other mode on a route that takes keys of one mode only (@RequireMode): 403, before the scope. */
export class WrongKeyMode extends ForbiddenError {
  constructor(readonly mode: KeyMode) {
    super(
      'WRONG_KEY_MODE',
      mode === 'test'
        ? 'This route works on the sandbox only: it takes test keys (sk_test_), never a live key'
        : 'This route takes live keys (sk_live_) only',
    );
  }
}
