/**
 * Where a domain service reports a failure it survives (a background write that did not
 * land), without depending on a logging framework: the process's pino logger in production
 * (its `warn(context, message)` has this shape), a recording array in a test.
 */
export interface WarningLog {
  warn(context: object, message: string): void;
}
