import { QueryFailedError } from 'typeorm';

/** PostgreSQL's SQLSTATE for unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether a statement failed on this unique index or primary key: a race the domain lost,
 * which the caller turns into its own refusal. TypeORM wraps the driver's error; a raw pg
 * error (carrying `code` and `constraint` itself) counts too.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driver = (error instanceof QueryFailedError ? (error as QueryFailedError & { driverError?: unknown }).driverError : error) as
    { code?: unknown; constraint?: unknown } | null | undefined;
  return typeof driver === 'object' && driver !== null && driver.code === UNIQUE_VIOLATION && driver.constraint === constraint;
}
