import { QueryFailedError } from 'typeorm';

/** Whether a statement failed on this unique index or primary key (a race the domain lost). */
export function violates(error: unknown, constraint: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driver = (error as QueryFailedError & { driverError?: { code?: string; constraint?: string } }).driverError;
  return driver?.code === '23505' && driver.constraint === constraint;
}
