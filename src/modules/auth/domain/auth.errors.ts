import { ForbiddenError, InvalidInput, RateLimited, RuleViolation, Unauthenticated } from '../../../common/errors/domain-error';

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

/** One answer for a token that is malformed, unknown, already used or expired, so tokens cannot be probed. */
export class InvalidAccountToken extends InvalidInput {
  constructor() {
    super('INVALID_TOKEN', 'This link is invalid, already used or expired');
  }
}

export class EmailAlreadyVerified extends RuleViolation {
  constructor() {
    super('EMAIL_ALREADY_VERIFIED', "This account's email is already verified");
  }
}

export class TooManyVerificationMails extends RateLimited {
  constructor(limit: number, retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `At most ${limit} verification mails can be resent per hour: retry in ${retryAfterSeconds} seconds`;
  }
}

/** The session is valid, but the password it must confirm is not the account's. */
export class WrongPassword extends ForbiddenError {
  constructor() {
    super('WRONG_PASSWORD', 'The current password is wrong');
  }
}
