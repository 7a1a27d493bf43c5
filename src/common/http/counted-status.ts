import type { Response } from 'express';

/**
 * The status a request is counted under in its key's usage: its HTTP status, unless the answer
 * carries a refusal inside a success (MCP answers a `tools/call` refused by the rate limit as a
 * tool result in a 200, API.md section 11), which then says the status it stands for.
 */
const COUNTED_STATUS = 'countedStatus';

/** Counts this request under `status` rather than the HTTP status it is answered with. */
export function countAs(response: Response, status: number): void {
  response.locals[COUNTED_STATUS] = status;
}

/** The status the request counts under: the one given by countAs, else its HTTP status. */
export function countedStatus(response: Response): number {
  const status: unknown = response.locals[COUNTED_STATUS];
  return typeof status === 'number' ? status : response.statusCode;
}
