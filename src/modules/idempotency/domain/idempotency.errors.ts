import { InvalidInput, RuleViolation } from '../../../common/errors/domain-error';

export class InvalidIdempotencyKey extends InvalidInput {
  constructor(length: number) {
    super('INVALID_IDEMPOTENCY_KEY', `Idempotency-Key must be 1-255 characters (got ${length})`);
  }
}

export class IdempotencyKeyReused extends RuleViolation {
  constructor() {
    super(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request (another path or body); use a new key for a new request',
    );
  }
}
