import type { Logger } from 'pino';

/**
 * The process's pino logger, injectable by class. Most code logs through Nest's
 * `Logger` (routed to pino by nestjs-pino); this is for the few places that need
 * pino's structured API before or outside a request (database start-up).
 */
export class RootLogger {
  constructor(readonly pino: Logger) {}
}
