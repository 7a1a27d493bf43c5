import { ForbiddenError, InvalidInput, NotFoundError, RuleViolation, Unauthenticated } from '../../../common/errors/domain-error';

export class MissingApiKey extends Unauthenticated {
  constructor() {
    super('API_KEY_MISSING', 'Missing API key: send it in the X-API-Key header');
  }
}

export class InvalidApiKey extends Unauthenticated {
  constructor() {
    super('API_KEY_INVALID', 'Invalid API key');
  }
}

export class RevokedApiKey extends Unauthenticated {
  constructor() {
    super('API_KEY_REVOKED', 'This API key has been revoked');
  }
}

export class KeyNotFound extends NotFoundError {
  constructor() {
    super('KEY_NOT_FOUND', 'API key not found');
  }
}

export class KeyLimitReached extends RuleViolation {
  constructor(limit: number) {
    super('KEY_LIMIT', `An account can have at most ${limit} active API keys; revoke one first`);
  }
}

export class InvalidKeyLabel extends InvalidInput {
  constructor() {
    super('INVALID_LABEL', 'label must be 1-100 characters');
  }
}

export class ExpiredApiKey extends Unauthenticated {
  constructor() {
    super('API_KEY_EXPIRED', 'this API key expired');
  }
}

/** A restriction of a new key (its mode, scopes, lists, expiry or addresses) that breaks its rule. */
export class InvalidKeyRestriction extends InvalidInput {
  constructor(message: string) {
    super('INVALID_KEY_RESTRICTION', message);
  }
}

/** A revoked or expired key has nothing left to rotate: create a new key instead. */
export class KeyNotRollable extends RuleViolation {
  constructor(status: string) {
    super('KEY_NOT_ROLLABLE', `this API key is ${status}: only an active key can be rolled; create a new key instead`);
  }
}

export class InvalidGracePeriod extends InvalidInput {
  constructor() {
    super('INVALID_GRACE_PERIOD', 'expires_in_hours must be an integer from 0 to 168');
  }
}

export class AddressNotAllowed extends ForbiddenError {
  constructor() {
    super('ADDRESS_NOT_ALLOWED', 'this API key is not allowed from this address');
  }
}
