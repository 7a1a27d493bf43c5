import { InvalidInput, RuleViolation, Unauthenticated } from '../../../common/errors/domain-error';

export class EmailTaken extends RuleViolation {
  constructor() {
    super('EMAIL_TAKEN', 'An account with this email already exists');
  }
}

export class UsernameTaken extends RuleViolation {
  constructor() {
    super('USERNAME_TAKEN', 'This username is already taken');
  }
}

export class InvalidCredentials extends Unauthenticated {
  constructor() {
    super('INVALID_CREDENTIALS', 'invalid login or password');
  }
}

export class InvalidAccountField extends InvalidInput {
  constructor(message: string) {
    super('INVALID_ACCOUNT_FIELD', message);
  }
}

export class NoSession extends Unauthenticated {
  constructor() {
    super('SESSION_REQUIRED', 'Sign in first: there is no valid session');
  }
}
