import { QueryFailedError } from 'typeorm';
import { isUniqueViolation } from './unique-violation';

const driverError = (code: string, constraint?: string) => Object.assign(new Error('pg'), { code, constraint });
const wrapped = (code: string, constraint?: string) => new QueryFailedError('INSERT …', [], driverError(code, constraint));

describe('isUniqueViolation', () => {
  it('recognises a unique violation (23505) on the named constraint, wrapped by TypeORM or raw from pg', () => {
    expect(isUniqueViolation(wrapped('23505', 'users_email_lower_uq'), 'users_email_lower_uq')).toBe(true);
    expect(isUniqueViolation(driverError('23505', 'users_email_lower_uq'), 'users_email_lower_uq')).toBe(true);
  });

  it('does not take another constraint, another error code or another kind of error for it', () => {
    expect(isUniqueViolation(wrapped('23505', 'users_username_uq'), 'users_email_lower_uq')).toBe(false);
    expect(isUniqueViolation(wrapped('23503', 'users_email_lower_uq'), 'users_email_lower_uq')).toBe(false);
    expect(isUniqueViolation(new Error('23505'), 'users_email_lower_uq')).toBe(false);
    expect(isUniqueViolation(undefined, 'users_email_lower_uq')).toBe(false);
    expect(isUniqueViolation('23505', 'users_email_lower_uq')).toBe(false);
  });
});
