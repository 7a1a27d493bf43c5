import { InvalidInput, NotFoundError, RuleViolation, Unauthenticated } from '../../../common/errors/domain-error';

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

export class SandboxKeyUnavailable extends Unauthenticated {
  constructor() {
    super('SANDBOX_KEY', 'sandbox keys are not available yet');
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
